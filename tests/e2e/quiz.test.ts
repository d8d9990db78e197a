import { describe, expect, it } from 'vitest';
import { confirmedAccount, signIn, useBrowser } from '../support/browser.ts';

const { page, baseUrl, mailbox } = useBrowser();

describe('a free student plays a round', () => {
  it('plays a full beginner round and sees the result in the dashboard progress', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'player');
    await signIn(p, baseUrl, email, password);
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

  it('shows the premium lock on advanced and expert for a free student', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'locked');
    await signIn(p, baseUrl, email, password);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.goto(`${baseUrl}/quiz/history/expert`);
    await p.getByRole('heading', { name: 'Premium level' }).waitFor();
    await p.getByRole('link', { name: 'Start Free Trial' }).click();
    await p.waitForURL(`${baseUrl}/subscription`);
  });
});
