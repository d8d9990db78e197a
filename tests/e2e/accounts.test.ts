import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { confirmedAccount as makeAccount, latestMail, signIn as signInAt, uniqueEmail, useBrowser } from '../support/browser.ts';

const { page, baseUrl, mailbox } = useBrowser();
const PASSWORD = 'Harbour#5521';

const signIn = (p: Page, email: string, password: string) => signInAt(p, baseUrl, email, password);

/** Opens an e-mail in the local mailbox and follows its link, as a person would. */
async function followMailLink(p: Page, to: string, subject: RegExp) {
  const mail = await latestMail(mailbox, to, subject);
  await p.goto(`${baseUrl}/_dev/mail`);
  await p.getByRole('link', { name: mail.subject }).first().click();
  await p.locator('pre a').first().click();
}

const confirmedAccount = async () => (await makeAccount(baseUrl, mailbox)).email;

describe('sign-up with e-mail confirmation', () => {
  it('creates an account, confirms it from the mailbox and lands on the student dashboard', async () => {
    const p = page();
    const email = uniqueEmail('signup');
    await p.goto(`${baseUrl}/auth`);
    await p.getByRole('link', { name: 'Sign up' }).click();
    await expect.poll(() => p.getByRole('heading', { name: 'Join' }).isVisible()).toBe(true);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Create Account' }).click();
    await p.getByRole('heading', { name: 'Check your email to confirm your account' }).waitFor();

    await followMailLink(p, email, /Confirm/);
    await p.getByText('Your email is confirmed').waitFor();

    await signIn(p, email, PASSWORD);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/dashboard');
    await p.getByText(email).first().waitFor();
  });
});

describe('sign-in errors', () => {
  it('shows the spec messages for empty fields, a bad e-mail, a wrong password and an unconfirmed account', async () => {
    const p = page();
    await p.goto(`${baseUrl}/auth`);
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p.getByText(AUTH_MESSAGES.fillAllFields).first().waitFor();

    await p.getByLabel('Email').fill('not-an-email');
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign In', exact: true }).click();
    await p.getByText(AUTH_MESSAGES.invalidEmail).first().waitFor();

    const email = await confirmedAccount();
    await signIn(p, email, 'Wrong#Pass1');
    await p.getByText(AUTH_MESSAGES.invalidCredentials).waitFor();

    const unconfirmed = uniqueEmail('unconfirmed');
    await fetch(`${baseUrl}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: unconfirmed, password: PASSWORD }) });
    await signIn(p, unconfirmed, PASSWORD);
    await p.getByText(AUTH_MESSAGES.emailNotConfirmed).waitFor();
  });
});

describe('password reset by e-mailed link', () => {
  it('resets the password from the link; the used link then shows as used', async () => {
    const p = page();
    const email = await confirmedAccount();
    await p.goto(`${baseUrl}/auth`);
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await dialog.getByText(/1 hour/).first().waitFor();

    await followMailLink(p, email, /Reset/);
    const resetUrl = p.url();
    await p.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    const newPassword = 'Lighthouse#8080';
    await p.getByLabel('New password', { exact: true }).fill(newPassword);
    await p.getByLabel('Confirm new password').fill(newPassword);
    await p.getByRole('button', { name: 'Reset Password' }).click();
    await p.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await p.waitForURL(`${baseUrl}/auth`, { timeout: 5000 });

    await signIn(p, email, newPassword);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    await p.goto(resetUrl);
    await p.getByRole('heading', { name: 'Reset Link Already Used' }).waitFor();
  });

  it('shows the expired-link card with a way to ask for a new link', async () => {
    const p = page();
    await p.goto(`${baseUrl}/auth?expired=true`);
    await p.getByRole('heading', { name: 'Email Link Expired' }).waitFor();
    await p.getByRole('button', { name: 'Request New Reset Link' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Send Reset Link' }).waitFor();
  });
});

describe('routing rules', () => {
  const path = (p: Page) => new URL(p.url()).pathname;

  it('keeps signed-out visitors to the public pages', async () => {
    const p = page();
    for (const [from, to] of [
      ['/dashboard', '/'],
      ['/admin-dashboard', '/'],
      ['/subscription', '/auth'],
      ['/no-such-page', '/'],
      ['/leaderboard', '/leaderboard'],
      ['/reset-password', '/reset-password'],
    ]) {
      await p.goto(`${baseUrl}${from}`);
      await expect.poll(() => path(p), { message: from }).toBe(to);
    }
  });

  it.each([
    ['student@quizquest.local', 'Student#2026', '/dashboard', 'Student Dashboard'],
    ['parent@quizquest.local', 'Parent#2026', '/parent-dashboard', 'Parent Dashboard'],
    ['teacher@quizquest.local', 'Teacher#2026', '/teacher-dashboard', 'Teacher Dashboard'],
    ['admin@quizquest.local', 'Admin#2026', '/admin-dashboard', 'Admin Dashboard'],
  ])('sends %s to their role home', async (email, password, home, heading) => {
    const p = page();
    await signIn(p, email, password);
    await p.getByRole('heading', { name: heading }).waitFor();
    expect(path(p)).toBe(home);
  });

  it('routes a signed-in student by the spec and signs out to /', async () => {
    const p = page();
    await signIn(p, 'student@quizquest.local', 'Student#2026');
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    for (const [from, to] of [
      ['/auth', '/dashboard'],
      ['/admin-dashboard', '/'],
      ['/quiz/maths/beginner', '/dashboard'],
      ['/quiz/history/easy', '/dashboard'],
      ['/somewhere', '/'],
    ]) {
      await p.goto(`${baseUrl}${from}`);
      await expect.poll(() => path(p), { message: from }).toBe(to);
    }
    await p.goto(`${baseUrl}/dashboard`);
    await p.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => path(p)).toBe('/');
    await p.goto(`${baseUrl}/dashboard`);
    await expect.poll(() => path(p)).toBe('/');
  });
});
