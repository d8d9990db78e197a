import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { answerByApi, finishOnScreen, startRoundByApi } from '../support/e2e-rounds.ts';
import type { Round } from '../../shared/quiz/contracts.ts';

const { page, baseUrl, mailbox } = useBrowser();

type PlayedRound = Round & { bookmarkedIds: string[] };

async function postJson(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, `${path}: ${await response.text()}`).toBe(200);
}

const nextRound = (p: Page): Promise<Response> =>
  p.waitForResponse((r) => r.url().endsWith('/api/quiz/rounds') && r.request().method() === 'POST' && r.status() === 201);

/** A fresh student, signed in on `path`; answers the session's access token. */
async function signedIn(p: Page, prefix: string, path?: string): Promise<string> {
  const { email, password } = await confirmedAccount(baseUrl, mailbox, prefix);
  const { token } = await openSignedIn(p, baseUrl, { email, password }, path);
  return token;
}

/**
 * Plays a history beginner round: bookmarks its first question on screen and answers it with A,
 * the rest with A too (the middle ones through the API as the page sends them).
 */
async function playBookmarkingFirst(p: Page, token: string): Promise<PlayedRound> {
  const started = nextRound(p);
  await p.goto(`${baseUrl}/quiz/history/beginner`);
  const round = (await (await started).json()) as PlayedRound;
  await p.getByText(`Question 1 of ${round.questions.length}`).waitFor();
  const star = p.getByRole('button', { name: 'Bookmark question' });
  expect(await star.getAttribute('aria-pressed')).toBe('false');
  await star.click();
  await p.getByText('Question bookmarked').waitFor();
  expect(await star.getAttribute('aria-pressed')).toBe('true');
  await p.getByRole('heading', { name: round.questions[0]!.question, exact: true }).waitFor();
  await p.getByRole('button', { name: /^A\. / }).click();
  await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
  await finishOnScreen(p, baseUrl, token, round, 0, 1);
  return round;
}

describe('review mode and spaced repetition', () => {
  it('a question bookmarked in a round is starred when it comes again, shows in Review with its answer, and keeps a saved note after a reload', async () => {
    const p = page();
    const token = await signedIn(p, 'review');
    const round = await playBookmarkingFirst(p, token);
    const first = round.questions[0]!;

    // Retry Same Questions: the bookmarked question is starred from the start.
    const againStarted = nextRound(p);
    await p.getByRole('dialog', { name: 'Quiz Complete!' }).getByRole('button', { name: 'Retry Same Questions' }).click();
    const again = (await (await againStarted).json()) as PlayedRound;
    expect(again.bookmarkedIds).toEqual([first.id]);
    await p.getByRole('heading', { name: first.question, exact: true }).waitFor();
    await expect.poll(() => p.getByRole('button', { name: 'Bookmark question' }).getAttribute('aria-pressed')).toBe('true');

    // The replay itself is the quiz tests' part: it is finished through the API, as the page sends it.
    await answerByApi(baseUrl, token, again, 0);

    // From the dashboard's Review card to Review Mode.
    await p.goto(`${baseUrl}/dashboard`);
    await p.getByRole('region', { name: 'Review' }).getByRole('link', { name: 'Review Mode' }).click();
    await p.waitForURL(`${baseUrl}/review`);
    const list = p.getByRole('list', { name: 'Bookmarked questions' });
    const card = list.getByRole('article', { name: first.question });
    await card.waitFor();
    expect(await list.getByRole('article').count()).toBe(1);
    await card.getByText('Correct answer:').waitFor();

    const note = 'Remember: <b>read the dates</b> twice';
    await card.getByLabel('Your notes').fill(note);
    await card.getByRole('button', { name: 'Save Notes' }).click();
    await card.getByText('Notes saved').waitFor();
    expect(await card.getByLabel('Your notes').inputValue()).toBe(note);

    await p.reload();
    const reloaded = p.getByRole('article', { name: first.question });
    await reloaded.waitFor();
    expect(await reloaded.getByLabel('Your notes').inputValue()).toBe(note);

    // Search and filters: the note is searchable; another subject shows the spec's empty message.
    await p.getByLabel('Search', { exact: true }).fill('READ THE DATES');
    await reloaded.waitFor();
    await p.getByLabel('Subject', { exact: true }).selectOption('geography');
    await p.getByText('No questions found. Try adjusting your filters or complete some quizzes to see questions here.').waitFor();
    await p.getByLabel('Subject', { exact: true }).selectOption('history');
    await reloaded.waitFor();

    // Spaced repetition is premium: a free student sees the upgrade gate.
    await p.goto(`${baseUrl}/spaced-repetition`);
    await p.getByRole('heading', { name: 'Spaced repetition is part of Premium' }).waitFor();
  });

  it('a premium student rates a due card and sees its next review date, down to All caught up', async () => {
    const p = page();
    const token = await signedIn(p, 'cards', '/spaced-repetition');
    await p.getByRole('heading', { name: 'Spaced repetition is part of Premium' }).waitFor();
    // The trial through the API the Plans page calls (starting it on screen is the trial test's part).
    await postJson(token, '/api/subscription/trial', {});
    // The bookmarked first question is a card, and so is every question missed: the round is
    // played through the API as the page sends it (bookmarking on screen is the test above).
    const round = await startRoundByApi(baseUrl, token, { subject: 'history', level: 'beginner' });
    await postJson(token, '/api/bookmarks/toggle', { questionId: round.questions[0]!.id });
    await answerByApi(baseUrl, token, round, 0);

    await p.goto(`${baseUrl}/dashboard`);
    await p.getByRole('region', { name: 'Review' }).getByRole('link', { name: /Spaced Repetition/ }).click();
    await p.waitForURL(`${baseUrl}/spaced-repetition`);
    const counter = p.getByText(/^Card 1 of \d+$/);
    await counter.waitFor();
    const total = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(1);

    await p.getByRole('button', { name: 'Show Answer' }).click();
    await p.getByText('Answer:', { exact: true }).waitFor();
    const before = Date.now();
    await p.getByRole('button', { name: 'Rate 3: Good' }).click();
    const scheduled = p.getByText(/^Rated 3 \(Good\): next review .+, in 1 day\.$/);
    await scheduled.waitFor();
    const next = Date.parse((await scheduled.locator('time').getAttribute('datetime'))!);
    expect(next).toBeGreaterThanOrEqual(before + 24 * 60 * 60 * 1000 - 5000);
    expect(next).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);

    // The rest rated 4; then All caught up, and after a reload too (the ratings were saved).
    for (let n = 2; n <= total; n++) {
      await p.getByText(`Card ${n} of ${total}`).waitFor();
      await p.getByRole('button', { name: 'Show Answer' }).click();
      await p.getByRole('button', { name: 'Rate 4: Easy' }).click();
    }
    await p.getByRole('heading', { name: 'All caught up' }).waitFor();
    await p.reload();
    await p.getByRole('heading', { name: 'All caught up' }).waitFor();
    await p.getByRole('link', { name: 'Return to Dashboard' }).click();
    await p.waitForURL(`${baseUrl}/dashboard`);
  });
});
