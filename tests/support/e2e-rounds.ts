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

type Question = Round['questions'][number];
/** What a player picks: the option at an index (0 is A), or an option chosen by its text. */
export type Choice = number | ((question: Question) => string);

const pick = (choice: Choice, question: Question): string =>
  typeof choice === 'number' ? (question.options[choice] ?? question.options[0]!) : choice(question);

/**
 * Answers questions `from` (0-based) up to but not including `to` through the API with
 * `choice`, as the page would send them; answers what the server said.
 */
export async function answerByApi(baseUrl: string, token: string, round: Round, choice: Choice, from = 0, to = round.questions.length) {
  const answers = [];
  for (const question of round.questions.slice(from, to)) {
    const body = { questionId: question.id, answer: pick(choice, question) };
    answers.push(answerResponseSchema.parse(await call(baseUrl, token, `/api/quiz/rounds/${round.roundId}/answers`, body)));
  }
  return answers;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Takes the round open in `page` to its result: the questions before the last through the
 * API, then a reload resumes it at the last, which is answered on screen so the page shows
 * its own summary. Call it once the page has shown the verdict of what was answered on screen.
 */
export async function finishOnScreen(page: Page, baseUrl: string, token: string, round: Round, choice: Choice, answeredOnScreen: number): Promise<void> {
  const last = round.questions.length - 1;
  const question = round.questions[last]!;
  await answerByApi(baseUrl, token, round, choice, answeredOnScreen, last);
  await page.reload();
  await page.getByText(`Question ${last + 1} of ${round.questions.length}`).waitFor();
  await page.getByRole('heading', { name: question.question, exact: true }).waitFor();
  const option = question.options.indexOf(pick(choice, question));
  await page.getByRole('button', { name: new RegExp(`^${String.fromCharCode(65 + option)}\\. ${escape(question.options[option]!)}$`) }).click();
  await page.getByRole('dialog', { name: 'Quiz Complete!' }).waitFor();
}
