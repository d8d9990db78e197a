import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor } from '../support/api.ts';
import { confirmedAccount, signIn, useBrowser } from '../support/browser.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const ADMIN = e2eAdmin('form-errors');
const { page, baseUrl, mailbox } = useBrowser();
const { api, accessToken } = apiFor(baseUrl);

/**
 * Forms disabled Submit without saying why. While Submit is disabled, the field that
 * is wrong says so where it is (its error, announced with it through aria-describedby), without
 * the person first having to leave the field: clicking a disabled button moves no focus.
 */
async function describedErrors(field: Locator, p: Page): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => p.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describe('forms say why Submit is disabled', () => {
  it('Add User: an invalid e-mail, still in the field, says "Invalid email format" (issue 23)', async () => {
    const p = page();
    await signIn(p, baseUrl, ADMIN.email, ADMIN.password);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await p.getByRole('tab', { name: 'Users' }).click();
    await p.getByRole('button', { name: 'Add User' }).click();
    const dialog = p.getByRole('dialog', { name: 'Add User' });
    const email = dialog.getByLabel('Email');
    await email.pressSequentially('new.teacher@school', { delay: 20 });
    // Focus stays in the field (the person reaches for the disabled button): the reason shows anyway.
    await dialog.getByText('Invalid email format').waitFor({ timeout: 3_000 });
    expect(await dialog.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await describedErrors(email, p)).toContain('Invalid email format');
    await p.screenshot({ path: '.screenshots/issue-23/add-user-invalid-email.png' });
    await email.pressSequentially('.edu');
    await expect.poll(() => dialog.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(false);
    expect(await dialog.getByText('Invalid email format').count()).toBe(0);
  });

  it('Create Study Group: a description over 500 characters says so while typing, with a count (issue 23)', async () => {
    const account = await confirmedAccount(baseUrl, mailbox, 'formgrp');
    expect((await api(await accessToken(account), 'POST', '/api/subscription/trial', {})).status).toBe(200);
    const p = page();
    await signIn(p, baseUrl, account.email, account.password);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.goto(`${baseUrl}/study-groups`);
    await p.getByRole('heading', { name: 'My Groups' }).waitFor();
    await p.getByRole('button', { name: 'Create Group' }).click();
    const dialog = p.getByRole('dialog', { name: 'Create Study Group' });
    await dialog.getByLabel('Group name').fill('Capitals of Europe');
    const description = dialog.getByLabel('Description');
    await description.fill('a'.repeat(500));
    await dialog.getByText('500 / 500').waitFor();
    await description.pressSequentially('b');
    await dialog.getByText('Description must be at most 500 characters').waitFor({ timeout: 3_000 });
    expect(await dialog.getByRole('button', { name: 'Create Group' }).isDisabled()).toBe(true);
    expect(await describedErrors(description, p)).toContain('Description must be at most 500 characters');
    expect(await describedErrors(description, p)).toContain('501 / 500');
    await p.screenshot({ path: '.screenshots/issue-23/group-description-too-long.png' });
    await description.press('Backspace');
    await expect.poll(() => dialog.getByRole('button', { name: 'Create Group' }).isDisabled()).toBe(false);

    // The member list: an address too long for the column wraps after "@" or before a dot, not mid-word.
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    const me = p.getByRole('list', { name: 'Members' }).getByRole('listitem').first();
    await me.waitFor();
    const breaks = await me.evaluate((li) => {
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ ch: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      // The address is what comes before " (you)"; each place a new line starts in it: the character before and after.
      chars.splice(chars.findIndex((c) => c.ch === ' '));
      return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1]!.top ? [`${chars[i - 1]!.ch}|${c.ch}`] : []));
    });
    expect(breaks.length).toBeGreaterThan(0);
    for (const at of breaks) expect(at.startsWith('@|') || at.endsWith('|.')).toBe(true);
    await me.screenshot({ path: '.screenshots/issue-23/group-member-email.png' });
  });
});
