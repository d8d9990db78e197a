import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, signIn, useBrowser } from '../support/browser.ts';

const { page, baseUrl, mailbox } = useBrowser();

async function signedIn(p: Page, account: { email: string; password: string }): Promise<void> {
  await signIn(p, baseUrl, account.email, account.password);
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
}

async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

const guideList = (p: Page) => p.getByRole('list', { name: 'Study guides', exact: true });
const premiumList = (p: Page) => p.getByRole('list', { name: 'Premium study guides' });

describe('study guides', () => {
  it('a free student reads one of the first 3 guides and sees the rest as "n more with Premium"; on a trial they read a fourth', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'guide');
    await signedIn(p, account);
    // From the dashboard's Learning Tools.
    await p.getByRole('region', { name: 'Learning Tools' }).getByRole('link', { name: 'Study Guides' }).click();
    await p.waitForURL(`${baseUrl}/study`);
    await p.getByRole('heading', { name: 'Study Guides', level: 1 }).waitFor();

    // Free: three readable guides, the others locked behind the Premium overlay.
    await expect.poll(() => guideList(p).getByRole('listitem').count()).toBe(3);
    const lockedCount = await premiumList(p).getByRole('listitem').count();
    expect(lockedCount).toBeGreaterThanOrEqual(15);
    await p.getByText(`${lockedCount} more with Premium`).waitFor();
    await p.getByRole('heading', { name: 'Unlimited study guides are part of Premium' }).waitFor();
    expect(await premiumList(p).getByRole('button', { name: /Read guide/ }).count()).toBe(0);
    // Locked cards show only a title and a summary.
    await premiumList(p).getByRole('heading', { name: 'The Cold War' }).waitFor();

    // Read a free guide: its text, key points, and a check question whose answer opens on demand.
    await guideList(p).getByRole('button', { name: /Read guide The Seven Continents and Five Oceans/ }).click();
    await p.waitForURL(`${baseUrl}/study?guide=continents-and-oceans`);
    await p.getByRole('heading', { name: 'The Seven Continents and Five Oceans', level: 1 }).waitFor();
    await p.getByRole('heading', { name: 'Key points' }).waitFor();
    const answer = p.getByText('The Pacific Ocean.', { exact: true });
    expect(await answer.isVisible()).toBe(false);
    await p.getByText('Which ocean is the largest and deepest?').click();
    await answer.waitFor();

    // Opening a locked guide by its address shows the upgrade gate, not the guide.
    await p.goto(`${baseUrl}/study?guide=the-cold-war`);
    await p.getByRole('heading', { name: 'This study guide is part of Premium' }).waitFor();
    expect(await p.getByText('The Berlin Wall, built in 1961').count()).toBe(0);

    // Filters and search.
    await p.goto(`${baseUrl}/study`);
    await p.getByLabel('Subject').selectOption('religion');
    await p.getByLabel('Level').selectOption('beginner');
    await expect.poll(() => p.getByRole('article').count()).toBe(2);
    await p.getByLabel('Search guides').fill('gurdwara');
    await expect.poll(() => p.getByRole('article').count()).toBe(1);
    await p.getByRole('article', { name: 'Places of Worship' }).waitFor();

    // A trial reads a fourth guide, and nothing is locked any more.
    await startTrial(p);
    await p.goto(`${baseUrl}/study`);
    await expect.poll(() => guideList(p).getByRole('listitem').count()).toBeGreaterThanOrEqual(18);
    expect(await p.getByText(/more with Premium/).count()).toBe(0);
    await guideList(p).getByRole('button', { name: /Read guide The Cold War/ }).click();
    await p.getByRole('heading', { name: 'The Cold War', level: 1 }).waitFor();
    await p.getByText(/The Berlin Wall, built in 1961/).waitFor();
  });
});
