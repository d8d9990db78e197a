import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postFrom, freshLoopbackAddress } from '../support/loopback-http.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { finishOnScreen, nextRound } from '../support/e2e-rounds.ts';

const { page, baseUrl, mailbox } = useBrowser();

/** Signs in through the API (as the web app does) and returns the bearer token and user id. */
async function apiSession(account: { email: string; password: string }): Promise<{ token: string; userId: string }> {
  const response = await postFrom(freshLoopbackAddress(), `${baseUrl}/api/auth/sign-in`, account);
  const body = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
  return { token: body.tokens.accessToken, userId: body.profile.user_id };
}

async function api(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** Plays a whole round through the API, always answering the first option. */
async function playRoundByApi(token: string, subject: string, level: string): Promise<void> {
  const round = await api(token, 'POST', '/api/quiz/rounds', { subject, level });
  expect(round.status).toBe(201);
  for (const q of round.body.questions as { id: string; options: string[] }[]) {
    expect((await api(token, 'POST', `/api/quiz/rounds/${round.body.roundId}/answers`, { questionId: q.id, answer: q.options[0] })).status).toBe(200);
  }
}

/** The public board's API call (not the friend board's). */
const BOARD_CALL = /\/api\/leaderboard\?/;

/** The board's row of the signed-in viewer (tagged You). */
const myRow = (p: Page) => p.getByRole('list', { name: 'Top players' }).getByRole('listitem').filter({ hasText: 'You' });

describe('global leaderboard', () => {
  it('shows a player after a competition round, with working subject and period filters', { timeout: 120_000 }, async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'board');
    const { token } = await openSignedIn(p, baseUrl, account, '/competition');

    // A competition round of 15 questions, started on screen: its first answer and its last on
    // screen, the middle ones through the API as the page sends them.
    await p.getByText('15 questions').click();
    const started = nextRound(p);
    await p.getByRole('button', { name: 'Start Competition' }).click();
    await p.waitForURL(/\/quiz\/geography\/beginner/);
    const round = await started;
    expect(round.mode).toBe('competition');
    await p.getByText('Question 1 of 15').waitFor();
    await p.getByRole('button', { name: /^A\. / }).click();
    await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
    await finishOnScreen(p, baseUrl, token, round, 0, 1);

    // The board (This Week, all subjects by default) lists the player, named without the address.
    await p.goto(`${baseUrl}/leaderboard`);
    await p.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    expect(await p.getByLabel('Period', { exact: true }).inputValue()).toBe('week');
    expect(await p.getByLabel('Subject', { exact: true }).inputValue()).toBe('all');
    await expect
      .poll(async () => {
        await p.reload();
        await p.getByRole('heading', { name: 'This Week · All Subjects' }).waitFor();
        return myRow(p).count();
      }, { timeout: 15_000 })
      .toBe(1);
    await myRow(p).getByText(`${account.email.slice(0, 2)}•••`).waitFor();
    expect(await p.getByRole('list', { name: 'Top players' }).getByText(account.email).count()).toBe(0);

    // Subject filter: not on the history board; on the geography board of the last 24 hours.
    await p.getByLabel('Subject', { exact: true }).selectOption('history');
    await p.waitForURL(/subject=history/);
    await p.getByRole('heading', { name: 'This Week · History' }).waitFor();
    await expect.poll(() => myRow(p).count()).toBe(0);
    await p.getByLabel('Subject', { exact: true }).selectOption('geography');
    await p.getByLabel('Period', { exact: true }).selectOption('day');
    await p.getByRole('heading', { name: 'Last 24 Hours · Geography' }).waitFor();
    await myRow(p).waitFor();
  });

  it('shows the red box when the board cannot load, and the empty state with Start Competing', async () => {
    const p = page();
    await p.route(BOARD_CALL, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The leaderboard is resting' } }) }));
    await p.goto(`${baseUrl}/leaderboard`);
    await p.getByRole('alert').filter({ hasText: 'The leaderboard is resting' }).waitFor({ timeout: 20_000 });

    await p.unroute(BOARD_CALL);
    await p.route(BOARD_CALL, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ period: 'month', subject: 'religion', entries: [] }) }));
    await p.goto(`${baseUrl}/leaderboard?period=month&subject=religion`);
    await p.getByText('No one has scored in this period yet.').waitFor();
    expect(await p.getByRole('link', { name: 'Start Competing' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('activity feed and friend leaderboard', () => {
  it("shows a friend's quiz in the feed with Try the same quiz, and both on the friend board and in Compare", { timeout: 120_000 }, async () => {
    const p = page();
    const [alice, bob] = await Promise.all([confirmedAccount(baseUrl, mailbox, 'feed-a'), confirmedAccount(baseUrl, mailbox, 'feed-b')]);
    const [a, b] = await Promise.all([apiSession(alice), apiSession(bob)]);
    expect((await api(a.token, 'POST', '/api/friends/requests', { email: bob.email })).status).toBe(201);
    expect((await api(b.token, 'POST', `/api/friends/requests/${a.userId}/respond`, { accept: true })).status).toBe(200);
    await playRoundByApi(b.token, 'history', 'beginner');

    await openSignedIn(p, baseUrl, alice);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const feed = p.getByRole('region', { name: 'Friend Activity' });
    await feed.getByText('Live').waitFor();
    // Bob's round, and the achievements it unlocked, arrive through the bus's consumers.
    const item = feed.getByRole('listitem').filter({ hasText: bob.email }).filter({ hasText: 'completed a History beginner quiz' });
    await expect
      .poll(async () => {
        if ((await item.count()) === 0) await p.reload();
        return item.count();
      }, { timeout: 20_000 })
      .toBe(1);
    await item.getByText(/completed a History beginner quiz: \d+\/10/).waitFor();
    await item.getByText(/Just now|minute/).waitFor();
    expect(await item.getByRole('link', { name: 'Try the same quiz' }).getAttribute('href')).toBe('/quiz/history/beginner');

    // The friend board: Alice (You, no rounds) and Bob this week, nobody else.
    const board = p.getByRole('region', { name: 'Friend Leaderboard' });
    const rows = board.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: 'You' }).getByText('0 quizzes').waitFor();
    await rows.filter({ hasText: bob.email }).getByText('1 quiz').waitFor();
    await board.getByRole('button', { name: 'All Time' }).click();
    await expect.poll(() => board.getByRole('button', { name: 'All Time' }).getAttribute('aria-pressed')).toBe('true');

    // Compare from /leaderboard?friend=.
    await p.goto(`${baseUrl}/leaderboard?friend=${b.userId}`);
    const compare = p.getByRole('region', { name: /^You vs / });
    // Bob answered the first option each time: ahead of Alice, or level if none was right.
    await compare.getByText(/leads you by \d+ points\.|are level\./).waitFor();
    expect(await compare.getByRole('heading').textContent()).toBe(`You vs ${bob.email} · This Week`);
  });
});
