import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();

async function signedIn(p: Page, account: { email: string; password: string }): Promise<void> {
  await openSignedIn(p, baseUrl, account);
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
}

/** Starts the 7-day trial from /subscription (study groups are a premium feature). */
async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

const chatLog = (p: Page) => p.getByRole('log');

describe('study groups', () => {
  it('a free student sees the upgrade gate; two trial students chat live in one group, each seeing the other without reloading', async () => {
    const a = page();
    const accountA = await confirmedAccount(baseUrl, mailbox, 'grpa');
    await signedIn(a, accountA);
    await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await a.waitForURL(`${baseUrl}/study-groups`);
    await a.getByRole('heading', { name: 'Study groups are part of Premium' }).waitFor();
    await startTrial(a);

    // A creates a group: submit is disabled while the form is invalid; the spec's message for max members.
    await a.goto(`${baseUrl}/study-groups`);
    await a.getByRole('heading', { name: 'My Groups' }).waitFor();
    await a.getByText('You have not joined a group yet.').waitFor();
    await a.getByRole('button', { name: 'Create Group' }).click();
    const dialog = a.getByRole('dialog', { name: 'Create Study Group' });
    const submit = dialog.getByRole('button', { name: 'Create Group' });
    expect(await submit.isDisabled()).toBe(true);
    const name = `Capitals ${Date.now().toString(36).replace(/[^a-z]/g, '')}`;
    await dialog.getByLabel('Group name').fill(name);
    await dialog.getByLabel('Description').fill('We learn every capital of Europe');
    await dialog.getByLabel('Max members').fill('101');
    await dialog.getByLabel('Max members').blur();
    await dialog.getByText('Max members must be between 5 and 100').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Max members').fill('10');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await a.getByRole('heading', { name, level: 2 }).waitFor();
    await a.getByRole('list', { name: 'Members' }).getByText(/\(group admin\)/).waitFor();
    await chatLog(a).getByText('No messages yet.').waitFor();
    // The admin may invite, but only friends.
    const invite = a.getByRole('form', { name: 'Invite a friend' });
    await invite.getByLabel("Friend's email").fill('nobody-here@example.com');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await invite.getByText('You can invite only your friends').waitFor();

    // B, at a browser of their own, finds the group by its description (any case) and joins.
    const bContext = await a.context().browser()!.newContext();
    const b = await bContext.newPage();
    b.setDefaultTimeout(10_000);
    try {
      const accountB = await confirmedAccount(baseUrl, mailbox, 'grpb');
      await signedIn(b, accountB);
      await startTrial(b);
      await b.goto(`${baseUrl}/study-groups`);
      await b.getByLabel('Search by name or description').fill('CAPITAL OF EUROPE');
      const available = b.getByRole('list', { name: 'Available groups' });
      await available.getByText(name).waitFor();
      await available.getByRole('button', { name: `Join ${name}` }).click();
      await b.getByRole('heading', { name, level: 2 }).waitFor();
      await chatLog(b).waitFor();

      // A's message reaches B live, and B's reaches A, with no reload on either side.
      const fromA = `Hello from A ${Date.now()}`;
      await a.getByRole('textbox', { name: 'Message', exact: true }).fill(fromA);
      await a.getByRole('button', { name: 'Send', exact: true }).click();
      await chatLog(a).getByText(fromA).waitFor();
      await chatLog(b).getByText(fromA).waitFor({ timeout: 5000 });

      const fromB = `Hi A, B here ${Date.now()}`;
      await b.getByRole('textbox', { name: 'Message', exact: true }).fill(fromB);
      await b.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
      await chatLog(b).getByText(fromB).waitFor();
      await chatLog(a).getByText(fromB).waitFor({ timeout: 5000 });
      expect(await chatLog(a).getByText(fromB).count()).toBe(1);
      await a.getByRole('list', { name: 'Members' }).getByText(accountB.email).waitFor();

      // Quick actions, then B leaves: the group is no longer among B's groups.
      await b.getByRole('link', { name: 'Start Group Quiz' }).waitFor();
      expect(await b.getByRole('link', { name: 'Challenge Group' }).getAttribute('href')).toBe('/competition');
      await b.getByRole('button', { name: 'Leave Group' }).click();
      await b.getByText(`You left ${name}`).waitFor();
      await b.getByText('You have not joined a group yet.').waitFor();
    } finally {
      await bContext.close();
    }

    // The page and the header (with its Groups link) fit every width from a phone to a desktop.
    for (const width of [320, 375, 600, 660, 700, 800, 1024, 1280]) {
      await a.setViewportSize({ width, height: 800 });
      const overflow = await a.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const wide = await a.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((el) => `${el.tagName}.${el.className}:${Math.round(el.getBoundingClientRect().right)}`)
          .slice(0, 8)
          .join(' '),
      );
      expect(overflow, `horizontal overflow at ${width} px: ${wide}`).toBeLessThanOrEqual(0);
      expect(await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).isVisible()).toBe(true);
    }
  });
});
