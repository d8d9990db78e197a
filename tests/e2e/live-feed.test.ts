import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

/**
 * The dashboard's friend feed is kept fresh by the socket, not by a timer: a friend's round
 * finished elsewhere appears without a reload, sooner than the old 30 s poll, and the page
 * asks for the feed once for it.
 */
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);

describe('live friend feed', () => {
  it('a friend’s finished round appears in the open feed without a reload and without polling', { timeout: 120_000 }, async () => {
    const [viewer, friend] = await Promise.all([confirmedAccount(baseUrl, mailbox, 'feed-viewer'), confirmedAccount(baseUrl, mailbox, 'feed-friend')]);
    const [viewerToken, friendToken] = await Promise.all([accessToken(viewer), accessToken(friend)]);
    expect((await api(friendToken, 'POST', '/api/friends/requests', { email: viewer.email, message: '' })).status).toBe(201);
    const friendId = ((await api(friendToken, 'GET', '/api/me')).body as { profile: { user_id: string } }).profile.user_id;
    expect((await api(viewerToken, 'POST', `/api/friends/requests/${friendId}/respond`, { accept: true })).status).toBe(200);

    const p = page();
    // The document's loads (a reload would start a new one) and the socket's opening.
    await p.addInitScript(() => {
      const loads = Number(sessionStorage.getItem('loads') ?? '0') + 1;
      sessionStorage.setItem('loads', String(loads));
      const Native = window.WebSocket;
      let opened = 0;
      class Recorded extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('open', () => (opened += 1));
        }
      }
      Object.assign(window, { WebSocket: Recorded, documentLoads: loads, openedSockets: () => opened });
    });
    const feedCalls: number[] = [];
    p.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/feed') feedCalls.push(Date.now());
    });
    // The page's timers run on a clock the test moves: two minutes pass in an instant below.
    await p.clock.install();
    await openSignedIn(p, baseUrl, viewer);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const feed = p.getByRole('region', { name: 'Friend Activity' });
    await feed.waitFor();
    await expect.poll(() => p.evaluate(() => (window as unknown as { openedSockets: () => number }).openedSockets()), { timeout: 10_000 }).toBe(1);
    // The first load and the resync after the socket opened are done.
    await p.waitForLoadState('networkidle');
    const callsBefore = feedCalls.length;
    const loadsBefore = await p.evaluate(() => (window as unknown as { documentLoads: number }).documentLoads);

    // Four of the old 30 s polls' worth of time: the feed is not asked for.
    await p.clock.runFor(120_000);
    await p.waitForTimeout(500);
    expect(feedCalls.length).toBe(callsBefore);

    // The friend plays a round elsewhere, through the API.
    const startedAt = Date.now();
    const round = await api(friendToken, 'POST', '/api/quiz/rounds', { subject: 'history', level: 'beginner' });
    expect(round.status).toBe(201);
    for (const q of round.body.questions as { id: string; options: string[] }[]) {
      expect((await api(friendToken, 'POST', `/api/quiz/rounds/${round.body.roundId}/answers`, { questionId: q.id, answer: q.options[0] })).status).toBe(200);
    }
    await feed.getByRole('listitem').filter({ hasText: friend.email }).filter({ hasText: 'completed a History beginner quiz' }).waitFor({ timeout: 15_000 });
    const latencyMs = Date.now() - startedAt;
    console.info(`[live-feed] friend's round → viewer's feed: ${latencyMs} ms`);

    // No reload, and the feed was asked for because of the push: a round's events may push more
    // than once (its item, a streak or level item), never a poll's steady stream.
    expect(await p.evaluate(() => (window as unknown as { documentLoads: number }).documentLoads)).toBe(loadsBefore);
    const asked = feedCalls.slice(callsBefore);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.length).toBeLessThanOrEqual(3);
    expect(asked.every((at) => at >= startedAt)).toBe(true);
  });
});
