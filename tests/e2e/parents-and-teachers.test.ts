import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { finishOnScreen, nextRound } from '../support/e2e-rounds.ts';

/** Parent and teacher dashboards, each person at their own browser. */
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);
const PARENT = { email: 'parent@quizquest.local', password: 'Parent#2026' };
const TEACHER = { email: 'teacher@quizquest.local', password: 'Teacher#2026' };

async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  p.setDefaultTimeout(10_000);
  return p;
}

/** Plays a whole round through the API (always the first option); answers the round's score. */
async function playRoundByApi(token: string, subject: string, level: string): Promise<{ score: number; total: number }> {
  const round = await api(token, 'POST', '/api/quiz/rounds', { subject, level });
  expect(round.status).toBe(201);
  for (const q of round.body.questions as { id: string; options: string[] }[]) {
    expect((await api(token, 'POST', `/api/quiz/rounds/${round.body.roundId}/answers`, { questionId: q.id, answer: q.options[0] })).status).toBe(200);
  }
  // The attempt as the student's dashboard reads it.
  const progress = await api(token, 'GET', '/api/progress');
  const [latest] = progress.body.recentAttempts as { score: number; total_questions: number }[];
  return { score: latest!.score, total: latest!.total_questions };
}

/** Reloads until `locator` shows (events reach the bell and consumers within moments). */
async function eventually(p: Page, find: () => ReturnType<Page['getByText']>, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await find().count()) === 0) {
          await p.reload();
          await find()
            .first()
            .waitFor({ timeout: 2_000 })
            .catch(() => undefined);
        }
        return find().count();
      },
      { timeout, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

describe('parent dashboard', () => {
  it('a parent links a student, the student approves in the bell, the parent sees the real last score', { timeout: 120_000 }, async () => {
    const parent = page();
    const child = await secondBrowser(parent.context().browser()!);
    try {
      const student = await confirmedAccount(baseUrl, mailbox, 'child');
      const played = await playRoundByApi(await accessToken(student), 'geography', 'beginner');
      const percent = Math.round((played.score / played.total) * 100);

      await openSignedIn(parent, baseUrl, PARENT);
      await parent.getByRole('heading', { name: 'Parent Dashboard' }).waitFor();
      await parent.getByText('No students linked yet.').waitFor();
      await parent.getByRole('button', { name: 'Add Student' }).first().click();
      const dialog = parent.getByRole('dialog', { name: 'Add Student' });
      // Only a student account can be linked (the spec's message).
      await dialog.getByLabel("Student's email").fill(TEACHER.email);
      await dialog.getByRole('button', { name: 'Add Student' }).click();
      await dialog.getByText('Student not found or is not registered as a student').waitFor();
      await dialog.getByLabel("Student's email").fill(student.email);
      await dialog.getByRole('button', { name: 'Add Student' }).click();
      await parent.getByText(`Request sent to ${student.email}`).waitFor();
      const card = parent.getByRole('region', { name: student.email });
      await card.getByText('Waiting for approval').waitFor();
      // Nothing of the student before approval.
      expect(await card.getByText('Average Score').count()).toBe(0);

      // The student, at their own browser: the request is in the bell; Accept.
      await openSignedIn(child, baseUrl, student);
      await child.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
      await eventually(child, () => child.getByRole('button', { name: /^Notifications, \d+ unread$/ }));
      await child.getByRole('button', { name: /^Notifications/ }).click();
      const bell = child.getByRole('region', { name: 'Notifications' });
      await bell.getByText(`${PARENT.email} asked to see your scores`, { exact: false }).waitFor();
      await bell.getByRole('button', { name: 'Accept: A parent wants to follow your progress' }).click();
      await bell.getByText('Accepted').waitFor();
      // The profile lists the parent, with Remove.
      await child.goto(`${baseUrl}/profile`);
      await child.getByRole('list', { name: 'Parents' }).getByRole('button', { name: `Remove ${PARENT.email}` }).waitFor();

      // The parent sees the child's real figures: the last quiz's score and the average.
      await parent.reload();
      await card.getByText('Linked', { exact: true }).waitFor();
      const recent = card.getByRole('list', { name: 'Recent quizzes' });
      await recent.getByText('Geography (Beginner)').waitFor();
      await recent.getByText(`${played.score}/${played.total}`).waitFor();
      expect(await card.locator('dd').first().textContent()).toBe(`${percent}%`);
    } finally {
      await child.context().close();
    }
  });
});

describe('teacher dashboard', () => {
  it('a teacher creates a class, two students join by code, the table shows their scores, an assignment is completed, and the class is deleted', { timeout: 180_000 }, async () => {
    const teacher = page();
    const pupil = await secondBrowser(teacher.context().browser()!);
    try {
      const [ann, ben] = await Promise.all([confirmedAccount(baseUrl, mailbox, 'ann'), confirmedAccount(baseUrl, mailbox, 'ben')]);
      const benToken = await accessToken(ben);
      const [annRound, benRound] = await Promise.all([playRoundByApi(await accessToken(ann), 'geography', 'beginner'), playRoundByApi(benToken, 'religion', 'beginner')]);

      await openSignedIn(teacher, baseUrl, TEACHER);
      await teacher.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
      await teacher.getByText('No classes yet.').waitFor();
      await teacher.getByRole('button', { name: 'Create your first class' }).click();
      const create = teacher.getByRole('dialog', { name: 'New Class' });
      await create.getByLabel('Class name').fill('Year 7 Humanities');
      await create.getByRole('button', { name: 'Create Class' }).click();
      await expect.poll(async () => teacher.getByLabel('Class').locator('option:checked').textContent()).toBe('Year 7 Humanities');
      const code = (await teacher.locator('span', { hasText: /^[A-Z2-9]{4}-[A-Z2-9]{4}$/ }).first().textContent())!;
      await teacher.getByText('No students in this class yet.', { exact: false }).waitFor();

      // Ann joins on screen with the code from her dashboard; Ben through the API (lower case, no dash).
      const { token: annToken } = await openSignedIn(pupil, baseUrl, ann);
      await pupil.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
      const myClasses = pupil.getByRole('region', { name: 'My Classes' });
      await myClasses.getByLabel('Class code').fill(code);
      await myClasses.getByRole('button', { name: 'Join Class' }).click();
      await myClasses.getByText('You joined Year 7 Humanities.').waitFor();
      expect((await api(benToken, 'POST', '/api/classes/join', { code: code.replace('-', '').toLowerCase() })).status).toBe(200);

      // The table: each student's real scores by subject and overall.
      await teacher.reload();
      const table = teacher.getByRole('table');
      const row = (email: string) => table.getByRole('row').filter({ hasText: email });
      await row(ann.email).waitFor();
      const annPercent = `${Math.round((annRound.score / annRound.total) * 100)}%`;
      const benPercent = `${Math.round((benRound.score / benRound.total) * 100)}%`;
      expect((await row(ann.email).getByRole('cell').allTextContents()).slice(0, 4)).toEqual([annPercent, '—', '—', annPercent]);
      expect((await row(ben.email).getByRole('cell').allTextContents()).slice(0, 4)).toEqual(['—', '—', benPercent, benPercent]);
      await teacher.getByLabel('Class summary').getByText('Total Students').waitFor();
      expect(await teacher.getByLabel('Class summary').locator('dd').first().textContent()).toBe('2');

      // An assignment: history, beginner, due in a week (the default).
      const assign = teacher.getByRole('form', { name: 'Assign a quiz' });
      await assign.getByLabel('Subject').selectOption('history');
      await assign.getByRole('button', { name: 'Assign Quiz' }).click();
      const assignments = teacher.getByRole('list', { name: 'Assignments' });
      await assignments.getByText(/History \(Beginner\) · due/).waitFor();
      await assignments.getByText('Completed by 0 of 2').waitFor();

      // Ann sees it on her dashboard and starts it: the first answer and the last on screen,
      // the middle ones through the API as the page sends them.
      await pupil.reload();
      const card = pupil.getByRole('region', { name: 'My Classes' });
      const started = nextRound(pupil);
      await card.getByRole('link', { name: 'Start History (Beginner)' }).click();
      await pupil.waitForURL(`${baseUrl}/quiz/history/beginner`);
      const round = await started;
      await pupil.getByText('Question 1 of 10').waitFor();
      await pupil.getByRole('button', { name: /^A\. / }).click();
      await pupil.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
      await finishOnScreen(pupil, baseUrl, annToken, round, 0, 1);
      const modal = pupil.getByRole('dialog', { name: 'Quiz Complete!' });
      const score = (await modal.getByText(/^\d+ \/ 10$/).first().textContent())!.trim();
      await modal.getByRole('link', { name: 'Return to Dashboard' }).click();
      await pupil.getByRole('region', { name: 'My Classes' }).getByText(/✓ Completed/).waitFor();

      // The teacher sees who completed it, with the score.
      await eventually(teacher, () => teacher.getByText('Completed by 1 of 2'));
      const done = teacher.getByRole('list', { name: 'Completed History (Beginner)' }).getByRole('listitem');
      expect(await done.count()).toBe(1);
      await done.getByText(ann.email).waitFor();
      await done.getByText(score.replace(' / ', '/'), { exact: false }).waitFor();

      // The teacher deletes the class, after confirming: it leaves the selector, and Ann's dashboard.
      await teacher.getByRole('button', { name: 'Delete Class' }).click();
      const confirm = teacher.getByRole('dialog', { name: 'Delete Class' });
      await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Delete Class' }).click();
      await teacher.getByText('Year 7 Humanities was deleted.').waitFor();
      await teacher.getByText('No classes yet.').waitFor();
      await pupil.reload();
      await pupil.getByRole('region', { name: 'My Classes' }).getByText('You are not in a class yet.', { exact: false }).waitFor();
    } finally {
      await pupil.context().close();
    }
  });
});
