import { describe, expect, it } from 'vitest';
import { confirmedAccount, signIn, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();

describe('the profile page', () => {
  it('edits name and phone: a validation error first, then success that survives a reload', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'profile');
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.getByRole('link', { name: 'Profile', exact: true }).click();
    await p.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();

    // Read-only overview.
    const account_ = p.getByRole('region', { name: 'Account' });
    await account_.getByText(account.email).waitFor();
    await account_.getByText('Student').waitFor();
    await account_.getByText('Free').waitFor();
    const subscription = p.getByRole('region', { name: 'Subscription' });
    await subscription.getByText('Upgrade to unlock all features').waitFor();
    expect(await subscription.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');

    await p.getByLabel('Full name').fill('A');
    await p.getByLabel('Phone').fill('call me');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Full name must be at least 2 characters').waitFor();
    await p.getByText('Please enter a valid phone number').waitFor();

    await p.getByLabel('Full name').fill('Ada Lovelace');
    await p.getByLabel('Phone').fill('+44 (20) 7946-0958');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    const saved = p.getByText('Profile updated successfully!');
    await saved.waitFor();
    await saved.waitFor({ state: 'detached', timeout: 5_000 }); // gone after 3 seconds

    await p.reload();
    await expect.poll(() => p.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    expect(await p.getByLabel('Phone').inputValue()).toBe('+44 (20) 7946-0958');
  });

  it('Time allowance: Double time survives a reload and doubles the competition countdown; No time limit shows no clock', { timeout: 90_000 }, async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'allowance');
    await openSignedIn(p, baseUrl, account, '/profile');

    const allowance = p.getByLabel('Time allowance');
    expect(await allowance.inputValue()).toBe('1');
    expect(await allowance.locator('option').allTextContents()).toEqual(['Standard time', '1.5× time', 'Double time', 'No time limit']);
    await p.getByText(/Extra time for timed play/).waitFor();
    await allowance.selectOption({ label: 'Double time' });
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Profile updated successfully!').waitFor();
    await p.reload();
    await expect.poll(() => p.getByLabel('Time allowance').inputValue()).toBe('2');

    // A 3-minute competition counts down from 6:00 for this player, and says why.
    await p.goto(`${baseUrl}/competition`);
    await p.getByText('15 questions').click();
    await p.getByText('3 min', { exact: true }).click();
    await p.getByRole('button', { name: 'Start Competition' }).click();
    await p.waitForURL(/\/quiz\/geography\/beginner/);
    const timer = p.getByRole('timer');
    await timer.waitFor();
    expect(await timer.getAttribute('aria-live')).toBe('off');
    expect(await timer.textContent()).toMatch(/^(6:00|5:5\d)$/);
    expect(await timer.getAttribute('aria-label')).toMatch(/of 6:00$/);
    await p.getByTestId('time-allowance').getByText('Double time (6:00)').waitFor();

    // No time limit: the round has no clock, and the screen says so. (History: the geography
    // round above is still in play, and starting it again would resume it with its own clock.)
    await p.goto(`${baseUrl}/profile`);
    await p.getByLabel('Time allowance').selectOption({ label: 'No time limit' });
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Profile updated successfully!').waitFor();
    await p.goto(`${baseUrl}/competition`);
    await p.getByLabel('Subject').selectOption('history');
    await p.getByText('15 questions').click();
    await p.getByRole('button', { name: 'Start Competition' }).click();
    await p.waitForURL(/\/quiz\/history\/beginner/);
    await p.getByText('Question 1 of 15').waitFor();
    await p.getByTestId('no-time-limit').getByText('No time limit').waitFor();
    expect(await p.getByRole('timer').count()).toBe(0);
  });

  it('Delete Account deletes it: signed out on the landing page, and signing in again fails', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'leaving');
    await openSignedIn(p, baseUrl, account, '/profile');

    await p.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
    const confirm = p.getByRole('dialog', { name: 'Delete Account' });
    await confirm
      .getByText(
        'Are you sure you want to delete your account? This action cannot be undone and will permanently remove all your data including quiz history, achievements, and progress.',
      )
      .waitFor();
    // Escape closes without deleting; the second time it is confirmed.
    await p.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await p.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
    await confirm.getByRole('button', { name: 'Yes, Delete My Account' }).click();

    await p.waitForURL(`${baseUrl}/`);
    await p.getByRole('link', { name: 'Sign In' }).first().waitFor();

    // The deleted account's sign-in, through the form: the form says it is refused.
    await signIn(p, baseUrl, account.email, account.password);
    await p.getByRole('alert').filter({ hasText: /Invalid email or password/ }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/auth');
    const direct = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);
  });

  it('asks for the stored profile on opening; a failure says so, keeps what the session knows, and Try again recovers', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'profile');
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    let failing = true;
    await p.route('**/api/me', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }) })
        : route.continue(),
    );
    await p.getByRole('link', { name: 'Profile', exact: true }).click();
    const failed = p.getByRole('alert').filter({ hasText: 'Failed to load profile data' });
    await failed.waitFor();
    await p.getByRole('region', { name: 'Account' }).getByText(account.email).waitFor();

    failing = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'detached' });
  });
});

