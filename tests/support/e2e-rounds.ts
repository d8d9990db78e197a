import type { Page } from 'playwright-core';
import { answerResponseSchema, roundSchema, type Round } from '../../shared/quiz/contracts.ts';

/**
 * Quiz rounds in end-to-end tests that are not about playing one: a round reaches its end
 * through the same API calls the quiz page makes, and only the questions the test looks at are
 * answered on screen (each answer on screen shows its verdict for 1.2 s, a whole round ~15 s).
 */

/** The next round the page starts (new or resumed), as the server sent it. */
export async function nextRound(page: Page): Promise<Round> {
  const response = await page.waitForResponse((r) => r.url().endsWith('/api/quiz/rounds') && r.request().method() === 'POST' && r.status() < 300);
  return roundSchema.parse(await response.json());
}

/** A JSON call with the player's bearer token, checked for success. */
async function call(baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Starts a round through the API, as the quiz page does. */
export async function startRoundByApi(baseUrl: string, token: string, body: { subject: string; level: string; timeZone?: string }): Promise<Round> {
  return roundSchema.parse(await call(baseUrl, token, '/api/quiz/rounds', { mode: 'practice', difficultyProgression: false, timeZone: 'UTC', ...body }));
}

/**
 * Answers questions `from` (0-based) up to but not including `to` through the API, each with
 * the option at `option` (0 is A), as the page would send them; answers what the server said.
 */
export async function answerByApi(baseUrl: string, token: string, round: Round, option: number, from = 0, to = round.questions.length) {
  const answers = [];
  for (const question of round.questions.slice(from, to)) {
    const answer = question.options[option] ?? question.options[0]!;
    answers.push(answerResponseSchema.parse(await call(baseUrl, token, `/api/quiz/rounds/${round.roundId}/answers`, { questionId: question.id, answer })));
  }
  return answers;
}

/**
 * Takes the round open in `page` to its result: the questions before the last through the
 * API, then a reload resumes it at the last, which is answered on screen so the page shows
 * its own summary. Call it once the page has shown the verdict of what was answered on screen.
 */
export async function finishOnScreen(page: Page, baseUrl: string, token: string, round: Round, option: number, answeredOnScreen: number): Promise<void> {
  const last = round.questions.length - 1;
  await answerByApi(baseUrl, token, round, option, answeredOnScreen, last);
  await page.reload();
  await page.getByText(`Question ${last + 1} of ${round.questions.length}`).waitFor();
  await page.getByRole('heading', { name: round.questions[last]!.question, exact: true }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${String.fromCharCode(65 + option)}\\. `) }).click();
  await page.getByRole('dialog', { name: 'Quiz Complete!' }).waitFor();
}
