import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { finishOnScreen } from '../support/e2e-rounds.ts';
import type { Round } from '../../shared/quiz/contracts.ts';

const { page, baseUrl, mailbox } = useBrowser();

type PlayedRound = { roundId: string; questions: { id: string; question: string }[] };

/** The round the page starts next, as the server sent it. */
const nextRound = (p: Page): Promise<Response> =>
  p.waitForResponse((r) => r.url().endsWith('/api/quiz/rounds') && r.request().method() === 'POST' && r.status() === 201);

/**
 * The bearer token the page sends with its API calls, for checking through the API what the
 * person would see elsewhere. Taken from the page's own requests, so it does not depend on
 * where the page keeps its session.
 */
function bearerTokens(p: Page): { latest: () => Promise<string> } {
  let token: string | undefined;
  p.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().includes('/api/') && header?.startsWith('Bearer ')) token = header.slice('Bearer '.length);
  });
  return {
    latest: async () => {
      await expect.poll(() => token).toBeDefined();
      return token!;
    },
  };
}

async function apiCall(path: string, token: string, method = 'GET'): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
  return { status: response.status, body: await response.json() };
}

/** Answers every question by clicking the option with `letter`, checking each is the round's own question. */
async function playRound(p: Page, round: PlayedRound, letter: string): Promise<void> {
  for (const [i, question] of round.questions.entries()) {
    await p.getByText(`Question ${i + 1} of ${round.questions.length}`).waitFor();
    await p.getByRole('heading', { name: question.question, exact: true }).waitFor();
    await p.getByRole('button', { name: new RegExp(`^${letter}\\. `) }).click();
  }
}

/** The round the page asked for, whether new (201) or resumed (200). */
const roundAnswer = (p: Page): Promise<Response> =>
  p.waitForResponse((r) => r.url().endsWith('/api/quiz/rounds') && r.request().method() === 'POST' && r.status() < 300);

/** Saves a screenshot when QUIZ_SHOTS names a folder (for looking at the screens by hand). */
async function shot(p: Page, name: string): Promise<void> {
  if (process.env.QUIZ_SHOTS) await p.screenshot({ path: `${process.env.QUIZ_SHOTS}/${name}.png`, fullPage: true });
}

/** The figure after "Rounds left today:" on the dashboard. */
async function roundsLeftShown(p: Page): Promise<string> {
  const line = p.getByText(/Rounds left today:/);
  await line.waitFor();
  await expect.poll(async () => (await line.textContent()) ?? '').toMatch(/Rounds left today:\s*\d+/);
  return (await line.textContent())!.match(/Rounds left today:\s*(\d+)/)![1]!;
}

async function postAs(token: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('a round in play and the free daily limit', () => {
  it('a reload, a second tab and a return from the dashboard resume the round at its next question with its score, counted once', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'resume');
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    expect(await roundsLeftShown(p)).toBe('10');

    const started = roundAnswer(p);
    await p.goto(`${baseUrl}/quiz/history/beginner`);
    const round = (await (await started).json()) as PlayedRound;
    for (let n = 1; n <= 3; n++) {
      await p.getByText(`Question ${n} of 10`).waitFor();
      await p.getByRole('button', { name: /^A\. / }).click();
    }
    await p.getByText('Question 4 of 10').waitFor();
    const score = (await p.getByText(/^Score:/).textContent())!.trim();

    const resumed = roundAnswer(p);
    await p.reload();
    expect((await resumed).status()).toBe(200);
    await p.getByText('Question 4 of 10').waitFor();
    await p.getByRole('heading', { name: round.questions[3]!.question, exact: true }).waitFor();
    expect((await p.getByText(/^Score:/).textContent())!.trim()).toBe(score);
    await p.getByRole('status').filter({ hasText: 'Welcome back: your round goes on at question 4' }).waitFor();
    await shot(p, 'resumed-quiz');

    // A second tab lands on the same question.
    const second = await p.context().newPage();
    await second.goto(`${baseUrl}/quiz/history/beginner`);
    await second.getByText('Question 4 of 10').waitFor();
    expect((await second.getByText(/^Score:/).textContent())!.trim()).toBe(score);
    await second.close();

    // The dashboard counts the round once, and coming back goes on where it was.
    await p.goto(`${baseUrl}/dashboard`);
    expect(await roundsLeftShown(p)).toBe('9');
    await p.goto(`${baseUrl}/quiz/history/beginner`);
    await p.getByText('Question 4 of 10').waitFor();
  }, 60_000);

  it('opening a quiz and leaving it before answering costs no round', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'opened');
    await openSignedIn(p, baseUrl, { email, password }, '/quiz/religion/beginner');
    await p.getByText('Question 1 of 10').waitFor();
    await p.reload();
    await p.getByText('Question 1 of 10').waitFor();
    await p.goto(`${baseUrl}/dashboard`);
    expect(await roundsLeftShown(p)).toBe('10');
  });

  it('after the tenth round the quiz page shows the limit, when it resets, and the way on — not an error', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'limit');
    const tokens = bearerTokens(p);
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const token = await tokens.latest();
    // Ten short rounds played through the API, as the page would.
    for (let i = 0; i < 10; i++) {
      const { status, body: round } = await postAs(token, '/api/quiz/rounds', { subject: 'geography', level: 'beginner', questionCount: 5, timeZone: 'Europe/Paris' });
      expect(status).toBe(201);
      for (const q of round.questions as { id: string; options: string[] }[]) {
        expect((await postAs(token, `/api/quiz/rounds/${round.roundId}/answers`, { questionId: q.id, answer: q.options[0] })).status).toBe(200);
      }
    }

    await p.goto(`${baseUrl}/quiz/history/beginner`);
    await p.getByRole('heading', { name: "You've played today's 10 free rounds" }).waitFor();
    const text = (await p.locator('main').textContent()) ?? '';
    expect(text).toContain('10 of 10 rounds played today');
    expect(text).toMatch(/start again in \d+ h( \d+ min)?|start again in \d+ min/);
    expect(text).toMatch(/at 00:00 \(Europe\/Paris time\)/);
    expect(text).toContain('The Daily Challenge does not count against your rounds');
    expect(text).not.toContain('Error Loading Quiz');
    expect(await p.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await shot(p, 'daily-limit');
    // On a phone it fits without sideways scrolling.
    await p.setViewportSize({ width: 390, height: 844 });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'daily-limit-390');
    await p.getByRole('link', { name: 'Start Free Trial' }).click();
    await p.waitForURL(`${baseUrl}/subscription`);

    await p.goto(`${baseUrl}/dashboard`);
    expect(await roundsLeftShown(p)).toBe('0');
  }, 90_000);
});

describe('a free student plays a round', () => {
  it('plays a full beginner round and sees the result in the dashboard progress', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'player');
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    await p.getByRole('link', { name: /^Beginner/ }).nth(1).click(); // History is the second subject card
    await p.waitForURL(`${baseUrl}/quiz/history/beginner`);
    for (let n = 1; n <= 10; n++) {
      await p.getByText(`Question ${n} of 10`).waitFor();
      await p.getByRole('button', { name: /^A\. / }).click();
      // The server's verdict shows before the next question.
      if (n === 1) await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
    }
    const modal = p.getByRole('dialog', { name: 'Quiz Complete!' });
    await modal.waitFor();
    const score = await modal.getByText(/^\d+ \/ 10$/).first().textContent();
    // A free user is offered the trial instead of the premium review.
    await modal.getByRole('link', { name: 'Start a free Premium trial' }).waitFor();

    await modal.getByRole('link', { name: 'Return to Dashboard' }).click();
    const history = p.getByRole('region', { name: 'History' });
    await expect.poll(async () => (await history.textContent()) ?? '').toMatch(/Quizzes\s*1/);
    const recent = p.getByRole('table');
    await expect.poll(async () => (await recent.textContent()) ?? '').toContain(score!.trim());
  });

  it('Retry Same Questions replays the finished round to its result and keeps the original reviewable', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'retry');
    const tokens = bearerTokens(p);
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    // Premium through the trial, so both rounds can be reviewed.
    const token = await tokens.latest();
    expect((await apiCall('/api/subscription/trial', token, 'POST')).status).toBe(200);

    // The first round is only what is replayed: its first answer on screen, the middle ones
    // through the API as the page sends them, the last on screen again for the summary.
    const firstStarted = nextRound(p);
    await p.goto(`${baseUrl}/quiz/history/beginner`);
    const first = (await (await firstStarted).json()) as Round;
    await playRound(p, { ...first, questions: first.questions.slice(0, 1) }, 'A');
    await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
    await finishOnScreen(p, baseUrl, token, first, 0, 1);
    const modal = p.getByRole('dialog', { name: 'Quiz Complete!' });
    const firstScore = Number((await modal.getByText(/^\d+ \/ 10$/).first().textContent())!.split('/')[0]);

    const againStarted = nextRound(p);
    await modal.getByRole('button', { name: 'Retry Same Questions' }).click();
    const again = (await (await againStarted).json()) as Round;
    expect(again.roundId).not.toBe(first.roundId);
    expect(again.questions.map((q) => q.id)).toEqual(first.questions.map((q) => q.id));
    // The replay likewise: its first answer on screen, the rest as the first round's.
    await playRound(p, { ...again, questions: again.questions.slice(0, 1) }, 'B');
    await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
    await finishOnScreen(p, baseUrl, token, again, 1, 1);
    await modal.waitFor();
    const againScore = Number((await modal.getByText(/^\d+ \/ 10$/).first().textContent())!.split('/')[0]);
    expect(await modal.getByText(/^\+\d+$/).first().textContent()).toMatch(/^\+\d+$/);

    // The replay's own review opens from its summary.
    if (againScore < 10) {
      await modal.getByRole('button', { name: 'Review Incorrect Answers' }).click();
      const review = p.getByRole('dialog', { name: 'Review Incorrect Answers' });
      await review.getByText(`Question 1 of ${10 - againScore}`).waitFor();
    }

    // The original is still there to review, and both attempts count.
    const originalReview = await apiCall(`/api/quiz/rounds/${first.roundId}/review`, token);
    expect(originalReview.status).toBe(200);
    expect(originalReview.body.items).toHaveLength(10 - firstScore);
    await expect
      .poll(async () => ((await apiCall('/api/progress?tz=UTC', token)).body.recentAttempts as { attemptId: string; score: number }[]).map((a) => [a.attemptId, a.score]).sort())
      .toEqual([[first.roundId, firstScore], [again.roundId, againScore]].sort());
  }, 120_000);

  it('a flag question’s picture loads from a URL that does not name the country', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'flags');
    const tokens = bearerTokens(p);
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const token = await tokens.latest();
    const response = await fetch(`${baseUrl}/api/quiz/rounds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'geography', level: 'beginner', questionCount: 25 }),
    });
    const round = (await response.json()) as { questions: { id: string; image_url: string | null }[] };
    const urls = round.questions.flatMap((q) => (q.image_url ? [q.image_url] : []));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).toMatch(/^\/flags\/[0-9a-f]{16}\.svg$/);
      const image = await fetch(`${baseUrl}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
      expect(await image.text()).not.toContain('flag-icons');
    }
    for (const q of round.questions) expect(q.id).toMatch(/^q-[0-9a-f]{16}$/);
  });

  it('shows the premium lock on advanced and expert for a free student', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'locked');
    await openSignedIn(p, baseUrl, { email, password }, '/quiz/history/expert');
    await p.getByRole('heading', { name: 'Premium level' }).waitFor();
    await p.getByRole('link', { name: 'Start Free Trial' }).click();
    await p.waitForURL(`${baseUrl}/subscription`);
  });
});
