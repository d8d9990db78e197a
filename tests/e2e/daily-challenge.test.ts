import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();

/** The zone the browser and this process share (same machine): both count the same day. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

async function call(path: string, token: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/**
 * Today's answers, learnt the only way a player can: another free student plays the same
 * challenge through the API (first option every time) and the server reveals each answer
 * after it is given. Keyed by question text, as the page shows it.
 */
async function learnTodaysAnswers(): Promise<Map<string, string>> {
  const { email, password } = await confirmedAccount(baseUrl, mailbox, 'daily-scout');
  const token = await apiFor(baseUrl).accessToken({ email, password });
  const today = await call(`/api/daily-challenges/today?timeZone=${encodeURIComponent(timeZone)}`, token);
  const started = await call(`/api/daily-challenges/${today.body.challenge.id}/start`, token, { timeZone });
  expect(started.status).toBe(201);
  const answers = new Map<string, string>();
  for (const question of started.body.round.questions as { id: string; question: string; options: string[] }[]) {
    const graded = await call(`/api/quiz/rounds/${started.body.round.roundId}/answers`, token, { questionId: question.id, answer: question.options[0] });
    answers.set(question.question, graded.body.correctAnswer);
  }
  return answers;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the daily challenge', () => {
  it('a student plays it to completion, sees the bonus on the completion screen, then the result on the dashboard card', async () => {
    const answers = await learnTodaysAnswers();
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'daily');
    await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    const card = p.getByRole('region', { name: 'Daily Challenge' });
    await card.getByText('50 bonus points on offer').waitFor();
    await card.getByRole('link', { name: 'Start Challenge' }).click();
    await p.waitForURL(/\/daily-challenge\/\d{4}-\d{2}-\d{2}-beginner$/);
    await p.getByText('50 bonus points on offer').waitFor();

    for (let n = 1; n <= 5; n++) {
      await p.getByText(`Question ${n} of 5`).waitFor();
      const question = (await p.locator('#daily-question-text').textContent())!.trim();
      const answer = answers.get(question);
      expect(answer, `answer to "${question}"`).toBeDefined();
      const option = p.getByRole('button', { name: new RegExp(`^([A-Z])\\. ${escape(answer!)}$`) });
      if (n === 1) {
        // From the keyboard: the option's letter answers it.
        const letter = /^([A-Z])\./.exec((await option.getAttribute('aria-label'))!)![1]!;
        await p.keyboard.press(letter.toLowerCase());
      } else {
        await option.click();
      }
      if (n < 5) await p.getByRole('status').getByText('Correct!').waitFor();
    }

    const done = p.getByRole('region', { name: 'Daily Challenge Complete!' });
    await done.waitFor();
    await done.getByRole('img', { name: /Trophy/ }).waitFor();
    expect(await done.getByTestId('daily-score').textContent()).toBe('5/5 (100%)');
    expect(await done.getByTestId('daily-bonus').textContent()).toBe('+50');
    expect(await done.getByTestId('daily-streak').textContent()).toContain('1-day streak');
    await done.getByRole('link', { name: 'View Leaderboard' }).waitFor();

    // Once a day: opening it again shows the completion, not the questions.
    await p.reload();
    await p.getByRole('heading', { name: 'Daily Challenge Complete!' }).waitFor();

    await p.getByRole('link', { name: 'Back to Dashboard' }).click();
    await p.waitForURL(`${baseUrl}/dashboard`);
    await expect
      .poll(async () => (await p.getByRole('region', { name: 'Daily Challenge' }).getByTestId('daily-card-result').textContent().catch(() => '')) ?? '')
      .toContain('Completed: 5/5 (100%) · +50 bonus points');
  });

  it('a challenge that cannot be loaded sends the player to the dashboard', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'daily-lost');
    await openSignedIn(p, baseUrl, { email, password }, '/daily-challenge/2001-01-01-beginner');
    await p.waitForURL(`${baseUrl}/dashboard`);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
  });
});
