import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { MFA_MESSAGES } from '../../shared/validation/mfa.ts';
import { apiFor } from '../support/api.ts';
import { latestMail, uniqueEmail, useBrowser } from '../support/browser.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

/**
 * In Chromium: a new admin, invited by another, must choose a staff-strength
 * password, lands on /security to set an authenticator app up from the key the page shows,
 * and from then on signs in with the app's code.
 */
const INVITER = e2eAdmin('two-step-sign-in');
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);
const path = (p: Page) => new URL(p.url()).pathname;

async function passwordStep(p: Page, email: string, password: string): Promise<void> {
  await p.goto(`${baseUrl}/auth`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password', { exact: true }).fill(password);
  await p.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('an admin with two-step sign-in', () => {
  it('sets a staff password, sets up the authenticator from /security, then signs in with its code', async () => {
    const email = uniqueEmail('new-admin');
    expect((await api(await accessToken(INVITER), 'POST', '/api/admin/users', { email, role: 'admin' })).status).toBe(201);
    const link = /\/reset-password\?token=[\w-]{43}/.exec((await latestMail(mailbox, email, /invited/)).text)![0];

    // The invitation's form tells the staff rule and holds to it.
    const p = page();
    await p.goto(`${baseUrl}${link}`);
    await p.getByText('At least 12 characters, with upper- and lower-case letters, a number and a symbol').waitFor();
    await p.getByLabel('New password', { exact: true }).fill('Admin#2026');
    await p.getByLabel('Confirm new password').fill('Admin#2026');
    await p.getByRole('button', { name: 'Reset Password' }).click();
    await p.getByText(AUTH_MESSAGES.staffPasswordRule).first().waitFor();
    const password = 'Console#2026-Admin';
    await p.getByLabel('New password', { exact: true }).fill(password);
    await p.getByLabel('Confirm new password').fill(password);
    await p.getByRole('button', { name: 'Reset Password' }).click();
    await p.getByText('Your password has been reset').waitFor();

    // First sign-in: no authenticator yet, so /security, which says why.
    await passwordStep(p, email, password);
    await expect.poll(() => path(p)).toBe('/security');
    await p.getByText(MFA_MESSAGES.setupRequired).waitFor();
    await p.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    const key = (await p.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await p.getByRole('link', { name: 'open the key in your authenticator app' }).getAttribute('href')).toContain(`otpauth://totp/Quiz%20Quest:${encodeURIComponent(email)}?secret=${key}`);
    await p.getByLabel('Authentication code').fill(totpCode(key));
    await p.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
    await p.getByText(MFA_MESSAGES.enabled).waitFor();
    await p.getByRole('link', { name: 'Continue' }).click();
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await p.getByRole('tab', { name: 'Users' }).waitFor();

    // Next sign-in: the password alone is not enough; a wrong code is refused, the right one lets in.
    await p.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => path(p)).toBe('/');
    await passwordStep(p, email, password);
    await p.getByLabel('Authentication code').fill(String((Number(totpCode(key)) + 1) % 1_000_000).padStart(6, '0'));
    await p.getByRole('button', { name: 'Verify', exact: true }).click();
    await p.getByText(MFA_MESSAGES.codeWrong).waitFor();
    expect(path(p)).toBe('/auth');
    await p.getByLabel('Authentication code').fill(totpCode(key));
    await p.getByRole('button', { name: 'Verify', exact: true }).click();
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(path(p)).toBe('/admin-dashboard');
  });
});
