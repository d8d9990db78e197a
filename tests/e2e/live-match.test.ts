import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const ADMIN = e2eAdmin('live-match');
/** The quick match the test plays: its start leaves time to register and open the match page. */
const MATCH = { startInSeconds: 20, windowSeconds: 7, questions: 2 } as const;

const { page, baseUrl, mailbox } = useBrowser();

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const { accessToken } = apiFor(baseUrl);
const token = (email: string, password: string) => accessToken({ email, password });

/** The top-10 list as a player reads it. */
const rankings = (p: Page) => p.getByRole('list', { name: 'Top 10' }).innerText();

describe('a live match, three players on the server clock', () => {
  it('three trial players play a short match; one reloads mid-match and keeps the score; all see the same final standings', { timeout: 240_000 }, async () => {
    const [free, ...people] = await Promise.all(['livefree', 'live1', 'live2', 'live3'].map((prefix) => confirmedAccount(baseUrl, mailbox, prefix)));
    const tokens = await Promise.all(people.map((p) => token(p.email, p.password)));
    const trials = await Promise.all(tokens.map((t) => api('/api/subscription/trial', { token: t, body: {} })));
    for (const trial of trials) expect(trial.status).toBeLessThan(300);

    // A free account is refused by the server (and sees the upgrade gate).
    const freeList = await api('/api/tournaments', { token: await token(free!.email, free!.password) });
    expect(freeList.status).toBe(403);
    expect(Object.keys(freeList.body)).toEqual(['error']);

    // Everyone is signed in before the match is made, so it can start soon after: the
    // setting-up below takes a few seconds, and the page must meet the match before it starts.
    const a = page();
    const b = await (await a.context().browser()!.newContext()).newPage();
    const c = await (await a.context().browser()!.newContext()).newPage();
    const pages = [a, b, c];
    for (const p of pages) p.setDefaultTimeout(30_000);
    await Promise.all([b, c].map((p, i) => openSignedIn(p, baseUrl, people[i + 1]!)));
    await Promise.all([b, c].map((p) => p.getByRole('heading', { name: 'Student Dashboard' }).waitFor()));

    // The shortest match that still shows what a match is: a question whose standings come
    // back after a reload, then the last one to the final result (windows of 7 s leave three
    // players on a busy machine time to answer; the product allows 5–60 s).
    const admin = await token(ADMIN.email, ADMIN.password);
    const created = await api('/api/tournaments/quick-match', { token: admin, body: { start_in_seconds: MATCH.startInSeconds, window_seconds: MATCH.windowSeconds, questions: MATCH.questions } });
    expect(created.status).toBe(201);
    const id = created.body.tournament.id as string;
    // Two register by the API; the first through the card, below.
    for (const t of tokens.slice(1)) expect((await api(`/api/tournaments/${id}/register`, { token: t, body: {} })).status).toBe(201);

    await openSignedIn(a, baseUrl, people[0]!, '/live-competitions');
    // A fresh stack holds this one quick match (besides the week's scheduled tournaments).
    const card = a.getByRole('listitem').filter({ has: a.getByRole('heading', { name: 'Quick Match' }) });
    await card.getByText('2/100').waitFor();
    await card.getByRole('button', { name: 'Register' }).click();
    await card.getByText('3/100').waitFor();
    await card.getByRole('button', { name: 'Registered' }).waitFor();
    await a.getByRole('table').getByText('Grand Quiz Championship').waitFor();

    await Promise.all(pages.map((p) => p.goto(`${baseUrl}/live-match/${id}`)));
    await Promise.all(pages.map((p) => p.getByRole('timer', { name: 'Starts in' }).waitFor()));

    for (let n = 1; n <= MATCH.questions; n++) {
      await Promise.all(pages.map((p) => p.getByText(`Question ${n} of ${MATCH.questions}`).waitFor({ timeout: 60_000 })));
      for (const p of pages) await p.getByRole('timer', { name: 'Time left' }).waitFor();
      // Different players choose different options (the first, second, third).
      await Promise.all(pages.map((p, i) => p.getByRole('group').getByRole('button').nth(i % 2).click()));
      await Promise.all(pages.map((p) => p.getByText('Answer received. Results when the question closes.').waitFor()));
      if (n < MATCH.questions) await Promise.all(pages.map((p) => p.getByTestId('last-answer').filter({ hasText: `Question ${n}:` }).waitFor({ timeout: 30_000 })));

      if (n === 1) {
        // After the first question's standings, B reloads: the score comes back from the server.
        await expect.poll(async () => (await b.getByTestId('my-rank').innerText()).trim(), { timeout: 15_000 }).toMatch(/^#\d$/);
        const before = await b.getByTestId('my-score').innerText();
        await b.reload();
        await b.getByTestId('my-score').waitFor();
        expect(await b.getByTestId('my-score').innerText()).toBe(before);
      }
    }

    await Promise.all(pages.map((p) => p.getByRole('heading', { name: 'Tournament finished' }).waitFor({ timeout: 30_000 })));
    const finals = await Promise.all(pages.map(rankings));
    const strip = (text: string) => text.replace(/ \(you\)/g, '');
    expect(strip(finals[1]!)).toBe(strip(finals[0]!));
    expect(strip(finals[2]!)).toBe(strip(finals[0]!));
    const ranks = await Promise.all(pages.map(async (p) => (await p.getByTestId('final-rank').innerText()).trim()));
    expect([...ranks].sort()).toEqual(['#1', '#2', '#3']);
    // Each player's own final score is the one the shared board shows for them.
    for (const p of pages) {
      const mine = await p.getByRole('list', { name: 'Top 10' }).locator('[aria-current="true"]').innerText();
      expect(mine).toContain(`${await p.getByTestId('final-score').innerText()} pts`);
    }
    await b.context().close();
    await c.context().close();
  });
});
