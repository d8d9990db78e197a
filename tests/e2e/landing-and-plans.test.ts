import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();

describe('landing page', () => {
  it('shows the real statistics (issue 23: not the spec floors) and sends a visitor to sign in', async () => {
    const p = page();
    await p.goto(baseUrl);
    await p.getByRole('heading', { level: 1, name: 'QuizQuest' }).waitFor();
    const figures = p.getByRole('region', { name: 'QuizQuest in numbers' });
    await figures.getByText('Learners').waitFor();
    await expect.poll(() => figures.getByRole('definition').first().textContent()).toMatch(/^\d[\d,]*$/);
    const shown = (await figures.textContent()) ?? '';
    for (const floor of ['10,000+', '500,000+', '150+', 'Schools']) expect(shown).not.toContain(floor);
    await figures.getByText('Teachers').waitFor();
    await figures.screenshot({ path: '.screenshots/issue-23/landing-stats.png' });
    await p.getByRole('link', { name: 'View the Leaderboard' }).waitFor();
    await p.getByRole('link', { name: 'Get Started' }).first().click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/auth');
  });

  it('sends a signed-in user to their role home', async () => {
    const p = page();
    await openSignedIn(p, baseUrl, { email: 'teacher@quizquest.local', password: 'Teacher#2026' });
    await p.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
    await p.goto(baseUrl);
    await p.getByRole('link', { name: 'Go to Dashboard' }).first().click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/teacher-dashboard');
  });
});

describe('subscription page', () => {
  it('blocks the student plan without a .edu e-mail and opens checkout for another plan in a new tab', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'plans');
    await openSignedIn(p, baseUrl, { email, password }, '/subscription');
    await p.getByRole('heading', { name: 'Plans and Free Trial' }).waitFor();
    expect(await p.getByRole('radio', { name: 'Student' }).isDisabled()).toBe(true);
    await p.getByText('.edu email required for student discount').first().waitFor();

    await p.getByRole('radio', { name: 'Annual' }).check();
    const [checkout] = await Promise.all([p.context().waitForEvent('page'), p.getByRole('button', { name: 'Subscribe to Annual' }).click()]);
    await checkout.waitForURL(/\/_dev\/checkout\?plan=annual/);
    await checkout.getByText('Plan: annual').waitFor();
  });
});
