import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadBank } from '../../functions/questions/load-bank.ts';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

/**
 * Smart Learning, the learning-style assessment and study goals (docs/learning.md),
 * as a student gets them: the style on the dashboard, a goal whose advice follows its progress
 * (buttons and real play), and a recommendation made from rounds really played.
 */
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);

/** The answer key as the question writers know it (the test's oracle; the API never sends it before an answer). */
const KEY = new Map(loadBank().map((q) => [`${q.subject}|${q.question}|${[...q.options].sort().join('|')}`, q.correct_answer]));

/** Plays one round through the API, as the person would on another device, answering every question right. */
async function playPerfectRound(token: string, subject: string, level: string): Promise<void> {
  const started = await api(token, 'POST', '/api/quiz/rounds', { subject, level });
  expect(started.status).toBe(201);
  for (const q of started.body.questions as { id: string; question: string; options: string[] }[]) {
    const answer = KEY.get(`${subject}|${q.question}|${[...q.options].sort().join('|')}`);
    expect(answer, q.question).toBeDefined();
    const graded = await api(token, 'POST', `/api/quiz/rounds/${started.body.roundId}/answers`, { questionId: q.id, answer });
    expect(graded.body.correct).toBe(true);
  }
}

async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

const isoIn = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('learning tools', () => {
  it('the assessment’s style shows on the dashboard; a goal’s advice follows Update Progress and real play; Smart Learning recommends from real rounds', { timeout: 180_000 }, async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'learn');
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // Learning style: five questions in order, no going back; the result is saved and shown on the dashboard.
    const tools = p.getByRole('region', { name: 'Learning Tools' });
    await tools.getByRole('link', { name: 'Take the Learning Style Assessment' }).click();
    await p.waitForURL(`${baseUrl}/learning-style`);
    const picks = ['Someone explaining it out loud', 'Saying it aloud or hearing it in a story', 'Look at its map and flag', 'There is a discussion', 'Practise with quizzes and flashcards'];
    for (const [i, option] of picks.entries()) {
      await p.getByText(`Question ${i + 1} of 5`).waitFor();
      expect(await p.getByRole('button', { name: /back|previous/i }).count()).toBe(0);
      await p.getByRole('button', { name: option }).click();
    }
    await expect.poll(() => p.getByTestId('learning-style-result').textContent()).toBe('Auditory');
    await p.getByText('Auditory: 3 of 5').waitFor();
    // Retake starts again at question 1.
    await p.getByRole('button', { name: 'Retake Assessment' }).click();
    await p.getByText('Question 1 of 5').waitFor();
    for (const option of ['Diagrams, maps and pictures', 'Seeing it on a timeline', 'Look at its map and flag', 'There is a discussion', 'Practise with quizzes and flashcards']) {
      await p.getByRole('button', { name: option }).click();
    }
    await expect.poll(() => p.getByTestId('learning-style-result').textContent()).toBe('Visual');
    await p.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await p.waitForURL(`${baseUrl}/dashboard`);
    await expect.poll(() => p.getByTestId('dashboard-learning-style').textContent()).toBe('Visual');

    // Premium pages: the free account sees the upgrade gates.
    await p.goto(`${baseUrl}/study-plans`);
    await p.getByRole('heading', { name: 'Custom study plans are part of Premium' }).waitFor();
    await p.goto(`${baseUrl}/adaptive`);
    await p.getByRole('heading', { name: 'Smart Learning is part of Premium' }).waitFor();
    await startTrial(p);

    // Study goals: empty state, create, Update Progress, advice follows the progress.
    await p.goto(`${baseUrl}/study-plans`);
    await p.getByRole('heading', { name: 'Custom Study Plans' }).waitFor();
    await p.getByText('Create personalized learning goals and track your progress').waitFor();
    await p.getByRole('heading', { name: 'No Study Goals Yet' }).waitFor();
    await p.getByRole('button', { name: 'Create Your First Goal' }).click();
    const dialog = p.getByRole('dialog', { name: 'Create Study Goal' });
    await dialog.getByLabel('Title').fill('Ancient history');
    // A date in the past is refused in the form with the handler's message.
    await dialog.getByLabel('Target date').fill('2001-01-01');
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await dialog.getByText('Target date cannot be in the past').waitFor();
    await dialog.getByLabel('Target date').fill(isoIn(10));
    await dialog.getByLabel('Minutes per day').fill('200');
    await dialog.getByLabel('Subject').selectOption('history');
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await dialog.getByText('Daily minutes must be between 15 and 180').waitFor();
    await dialog.getByLabel('Minutes per day').fill('45');
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = p.getByTestId('study-goal');
    await card.getByRole('heading', { name: 'Ancient history' }).waitFor();
    expect(await card.getByTestId('goal-days').textContent()).toBe('10 days left');
    expect(await card.getAttribute('data-border')).toBe('indigo');
    await card.getByText('45 min/day').waitFor();
    const advice = () => card.getByTestId('goal-advice').locator('li').allTextContents();
    expect(await advice()).toEqual(['Start with History basics - take 2-3 beginner quizzes', 'Increase study time by 50%']);
    for (const expected of ['10%', '20%', '30%']) {
      await card.getByRole('button', { name: 'Update Progress' }).click();
      await expect.poll(() => card.getByTestId('goal-progress').textContent()).toBe(expected);
    }
    expect(await advice()).toEqual(['Focus on weak areas - review incorrect answers', 'Increase study time by 50%']);

    // Smart Learning from real attempts: three perfect History beginner rounds, played through the API.
    const token = await accessToken(account);
    for (let i = 0; i < 3; i++) await playPerfectRound(token, 'history', 'beginner');

    // Each round also moved the History beginner goal one step (+10): 60 %, new advice.
    await expect
      .poll(async () => {
        await p.reload();
        return card.getByTestId('goal-progress').textContent();
      }, { timeout: 20_000 })
      .toBe('60%');
    expect(await advice()).toEqual(['Practice advanced questions - aim for 80%+ accuracy', 'Increase study time by 50%']);

    await p.goto(`${baseUrl}/adaptive`);
    await p.getByRole('heading', { name: 'Smart Learning', level: 1 }).waitFor();
    const history = p.getByTestId('recommendation-history');
    await expect.poll(() => history.textContent()).toContain('History: Advanced');
    await history.getByText(/Ready to move up \(recent average 100% over 3 at Beginner\)/).waitFor();
    await p.getByText('Now studying').waitFor();
    await p.getByText('Next milestone: 5 quizzes').waitFor();
    await p.getByRole('region', { name: 'Subject Accuracy' }).getByText('100%').waitFor();
    await p.getByRole('region', { name: 'Learning Path' }).getByText('Visual').waitFor();
    await p.getByRole('link', { name: 'Study Guides' }).waitFor();
    await p.getByRole('link', { name: 'Challenge Mode' }).waitFor();
  });
});
