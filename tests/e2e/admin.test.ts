import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const ADMIN = e2eAdmin('admin-console');
// The demotion test signs in as an admin of its own: one admin's sign-ins across this file would pass the 5 per 5 minutes.
const DEMOTER = e2eAdmin('admin-demotion');

/**
 * The admin console in Chromium: the admin makes a student premium in Users and
 * the student, at their own browser, sees Premium; the admin generates the daily challenges
 * for the next 7 days and sees the success message; the tabs follow the keyboard.
 */
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);

async function adminConsole(p: Page, admin = ADMIN): Promise<void> {
  await openSignedIn(p, baseUrl, admin);
  await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

describe('admin console', () => {
  it('makes a student premium in Users; the student then sees Premium', async () => {
    const student = await confirmedAccount(baseUrl, mailbox, 'made-premium');
    // The student, signed in at their own browser (a context of its own), is on the free plan.
    const theirs = await page().context().browser()!.newContext();
    const sp = await theirs.newPage();
    sp.setDefaultTimeout(10_000);
    try {
      await openSignedIn(sp, baseUrl, student);
      await sp.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
      await expect.poll(() => sp.getByText(/Plan:/).first().textContent()).toContain('Plan: Free');

      const p = page();
      await adminConsole(p);
      await p.getByRole('tab', { name: 'Users' }).click();
      await p.getByLabel('Search by email').fill(student.email);
      const row = p.getByRole('row').filter({ hasText: student.email });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('Free');
      await row.getByRole('button', { name: `Edit ${student.email}` }).click();
      const dialog = p.getByRole('dialog', { name: 'Edit User' });
      await dialog.getByLabel('Subscription status').selectOption('premium');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await p.getByText(`User updated: ${student.email}`).waitFor();
      await expect.poll(() => row.textContent()).toContain('Premium');

      // The student's next look at the site says Premium.
      await sp.reload();
      await sp.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
      await expect.poll(() => sp.getByText(/Plan:/).first().textContent()).toContain('Plan: Premium');

      // The change is in the audit log, with who made it.
      await p.getByRole('tab', { name: 'Overview' }).click();
      const log = p.getByRole('region', { name: 'Audit log' });
      await expect.poll(() => log.textContent()).toMatch(new RegExp(`${ADMIN.email.replaceAll('.', '\\.')}.*Edited user`));
    } finally {
      await theirs.close();
    }
  });

  it('generates the daily challenges for the next 7 days and says so', async () => {
    const p = page();
    await adminConsole(p);
    const generate = p.getByRole('button', { name: 'Generate Next 7 Days' });
    await generate.click();
    await p.getByText('Daily challenges generated for the next 7 days').waitFor();
    await expect.poll(() => generate.isEnabled()).toBe(true);
  });

  it('has keyboard tabs: arrows move between Overview, Documents and Users', async () => {
    const p = page();
    await adminConsole(p);
    const overview = p.getByRole('tab', { name: 'Overview' });
    await expect.poll(() => overview.getAttribute('aria-selected')).toBe('true');
    await overview.focus();
    await p.keyboard.press('ArrowRight');
    await expect.poll(() => p.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    await p.keyboard.press('ArrowRight');
    await expect.poll(() => p.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => p.evaluate(() => document.activeElement?.textContent)).toBe('Users');
    await p.keyboard.press('ArrowRight');
    await expect.poll(() => overview.getAttribute('aria-selected')).toBe('true');
    await p.getByRole('tabpanel').getByText('Total Users').waitFor();
  });
  it('lists a student on a trial as on a trial, with its end date (issue 23)', async () => {
    const student = await confirmedAccount(baseUrl, mailbox, 'on-trial');
    const trial = await api(await accessToken(student), 'POST', '/api/subscription/trial', {});
    expect(trial.status).toBe(200);
    const ends = new Date(trial.body.profile.metadata.trial_ends as string).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

    const p = page();
    await adminConsole(p);
    await p.getByRole('tab', { name: 'Users' }).click();
    await p.getByLabel('Search by email').fill(student.email);
    const row = p.getByRole('row').filter({ hasText: student.email });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(`Trial until ${ends}`);
  });

  it('draws the Users by Role bars at their share of all users (issue 23)', async () => {
    const p = page();
    await adminConsole(p);
    const card = p.locator('section', { has: p.getByRole('heading', { name: 'Users by Role' }) });
    await card.waitFor();
    // Every stack has students (the demo accounts at least): their bar has a width on screen.
    const fill = card.getByRole('listitem').filter({ hasText: 'Student' }).locator('span > span');
    await expect.poll(async () => (await fill.boundingBox())?.width ?? 0).toBeGreaterThan(4);
    await p.screenshot({ path: '.screenshots/issue-23/admin-users-by-role.png', fullPage: false });
  });

  it('demotes another admin from Users (a promotion is reversible); an admin row has no Delete, your own row is locked (issue 17)', async () => {
    const email = `demoted-${Date.now()}@example.com`;
    const added = await api(await accessToken(DEMOTER), 'POST', '/api/admin/users', { email, role: 'admin' });
    expect(added.status).toBe(201);

    const p = page();
    await adminConsole(p, DEMOTER);
    await p.getByRole('tab', { name: 'Users' }).click();
    await p.getByLabel('Role', { exact: true }).selectOption('admin');
    const mine = p.getByRole('row').filter({ hasText: DEMOTER.email });
    await p.getByLabel('Search by email').fill(DEMOTER.email);
    await mine.waitFor();
    expect(await mine.getByRole('button').count()).toBe(0);

    await p.getByLabel('Search by email').fill(email);
    const row = p.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByRole('button', { name: `Delete ${email}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('Role').selectOption('student');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText(`User updated: ${email}`).waitFor();
    // Now a student: listed there, and deletable.
    await p.getByLabel('Role', { exact: true }).selectOption('student');
    await row.getByRole('button', { name: `Delete ${email}` }).waitFor();
  });
});
