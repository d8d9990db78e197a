import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { e2eAdmin } from '../support/e2e-admins.ts';

const ADMIN = e2eAdmin('study-guides');

const { page, baseUrl, mailbox } = useBrowser();

async function signedIn(p: Page, account: { email: string; password: string }): Promise<void> {
  await openSignedIn(p, baseUrl, account);
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

  it('an admin opens /study from the dashboard, reads every guide, generates an AI guide there, fact-checks it and approves it from the review queue into the list (3-learning §2; issue 23 items 10, 9)', async () => {
    const p = page();
    await openSignedIn(p, baseUrl, ADMIN);
    await p.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Study Guides' }).click();
    await p.waitForURL(`${baseUrl}/study`);
    await p.getByRole('heading', { name: 'Study Guides', level: 1 }).waitFor();
    // Admins read all: nothing locked.
    await expect.poll(() => guideList(p).getByRole('listitem').count()).toBeGreaterThanOrEqual(18);
    expect(await p.getByText(/more with Premium/).count()).toBe(0);

    // The tools live on the page: Generate AI Guide, then Fact Check of the new guide.
    const tools = p.getByRole('region', { name: 'AI Study Guides' });
    await tools.getByLabel('Guide subject').selectOption('history');
    await tools.getByLabel('Topic').fill('Ancient Egypt');
    await tools.getByRole('radio', { name: /Short/ }).check();
    await tools.getByRole('button', { name: 'Generate AI Guide' }).click();
    await tools.getByText(/^Study guide "Ancient Egypt \(AI study guide\)" generated/).waitFor({ timeout: 60_000 });
    await tools.getByRole('button', { name: 'Fact Check' }).click();
    await tools.getByText(/^\d+ of \d+ statements are supported by the knowledge base$/).waitFor({ timeout: 60_000 });

    // The new guide waits for review: not listed until approved, then listed.
    const listedGuide = guideList(p).getByRole('article', { name: 'Ancient Egypt (AI study guide)' });
    expect(await listedGuide.count()).toBe(0);
    const waiting = tools.getByRole('list', { name: 'Guides waiting for review' }).getByRole('article').filter({ hasText: 'Ancient Egypt (AI study guide)' }).first();
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await tools.getByText('Study guide approved: students now find it in Study Guides').first().waitFor();
    await listedGuide.first().waitFor();

    // Back to Dashboard leads to the admin's own home, not the student dashboard.
    await p.getByRole('link', { name: 'Back to Dashboard' }).click();
    await p.waitForURL(`${baseUrl}/admin-dashboard`);
  });
});
