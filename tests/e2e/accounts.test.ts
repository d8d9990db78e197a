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

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Every e-mail to an address with this subject, newest first. */
const mailsTo = (to: string, subject: RegExp) => mailbox.list().filter((m) => m.to.includes(to) && subject.test(m.subject));

/** Opens one particular e-mail in the local mailbox and clicks its link. */
async function openMailLink(p: Page, mailId: string) {
  await p.goto(`${baseUrl}/_dev/mail/${encodeURIComponent(mailId)}`);
  await p.locator('pre a').first().click();
}

const path = (p: Page) => new URL(p.url()).pathname;

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

describe('a pending sign-up cannot be taken over (pre-registration)', () => {
  it("the owner's own sign-up, confirmed from their mailbox, is the one whose password signs in", async () => {
    const p = page();
    const email = uniqueEmail('owner');
    const intruders = 'Intruder#1111';
    const owners = 'Rightful#2222';
    // Someone else signs up first with the owner's address, and cannot read the owner's mail.
    expect((await postJson('/api/auth/sign-up', { email, password: intruders })).status).toBe(201);
    await latestMail(mailbox, email, /Confirm/);

    await p.goto(`${baseUrl}/auth`);
    await p.getByRole('link', { name: 'Sign up' }).click();
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(owners);
    await p.getByRole('button', { name: 'Create Account' }).click();
    await p.getByRole('heading', { name: 'Check your email to confirm your account' }).waitFor();

    await expect.poll(() => mailsTo(email, /Confirm/).length).toBe(2);
    const [ownersMail, intrudersMail] = mailsTo(email, /Confirm/);
    await openMailLink(p, ownersMail!.id);
    await p.getByText('Your email is confirmed').waitFor();

    await signIn(p, email, intruders);
    await p.getByText(AUTH_MESSAGES.invalidCredentials).waitFor();
    await signIn(p, email, owners);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // The first sign-up's link confirms nothing any more.
    const stale = await postJson('/api/auth/confirm', { token: /confirm=([\w-]+)/.exec(intrudersMail!.text)![1] });
    expect(stale.status).toBe(410);
    expect((await postJson('/api/auth/sign-in', { email, password: intruders })).status).toBe(401);
  });
});

describe('one e-mail rule', () => {
  it('refuses a non-ASCII address on the sign-up form with a clear message, and sends nothing', async () => {
    const p = page();
    const email = `josé.${Date.now().toString(36)}@example.com`;
    await p.goto(`${baseUrl}/auth`);
    await p.getByRole('link', { name: 'Sign up' }).click();
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Create Account' }).click();
    await p.getByText(AUTH_MESSAGES.emailNotAscii).first().waitFor();
    // The API applies the same rule to anything that skips the form.
    const direct = await postJson('/api/auth/sign-up', { email, password: PASSWORD });
    expect(direct.status).toBe(400);
    expect(((await direct.json()) as { error: { fields: { email: string } } }).error.fields.email).toBe(AUTH_MESSAGES.emailNotAscii);
    expect(mailsTo(email, /./)).toEqual([]);
  });
});

describe('where the session lives', () => {
  it('keeps the refresh token in an HttpOnly cookie for /api/auth, out of script reach; a reload stays signed in; sign-out ends it', async () => {
    const p = page();
    const { email, password } = await makeAccount(baseUrl, mailbox);
    await signIn(p, email, password);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    const refresh = (await p.context().cookies()).find((c) => c.name === 'qq_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    const scriptView = await p.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(scriptView).not.toContain(refresh!.value);
    expect(scriptView).not.toMatch(/refresh/i);

    await p.reload();
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    expect(path(p)).toBe('/dashboard');

    await p.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => path(p)).toBe('/');
    await expect.poll(async () => (await p.context().cookies()).some((c) => c.name === 'qq_refresh')).toBe(false);
    // The server revoked it too: the old cookie renews nothing.
    const replay = await fetch(`${baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie: `qq_refresh=${refresh!.value}` } });
    expect(replay.status).toBe(401);
  });

  it('a password reset signs out every other browser', async () => {
    const p = page();
    const { email, password } = await makeAccount(baseUrl, mailbox);
    await signIn(p, email, password);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // Elsewhere, the owner resets the password from the e-mailed link.
    const other = await p.context().browser()!.newContext();
    try {
      const q = await other.newPage();
      expect((await postJson('/api/auth/password-reset', { email })).status).toBe(202);
      await openMailLink(q, (await latestMail(mailbox, email, /Reset/)).id);
      await q.getByLabel('New password', { exact: true }).fill('Lighthouse#8080');
      await q.getByLabel('Confirm new password').fill('Lighthouse#8080');
      await q.getByRole('button', { name: 'Reset Password' }).click();
      await q.getByRole('heading', { name: 'Password Reset' }).waitFor();
    } finally {
      await other.close();
    }

    await p.reload();
    await expect.poll(() => path(p)).toBe('/');
    await p.goto(`${baseUrl}/dashboard`);
    await expect.poll(() => path(p)).toBe('/');
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
