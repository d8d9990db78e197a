import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';

const { page, baseUrl, mailbox } = useBrowser();

async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

describe('offline quizzes', () => {
  it('a free student sees the upgrade gate; a trial student downloads a quiz, reloads and plays it offline, and the result counts once when back online', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'offl');
    await openSignedIn(p, baseUrl, account);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    await p.getByRole('link', { name: /Offline Quizzes/ }).first().click();
    await p.waitForURL(`${baseUrl}/offline`);
    await p.getByRole('heading', { name: 'Offline quizzes are part of Premium' }).waitFor();
    await startTrial(p);

    await p.goto(`${baseUrl}/offline`);
    await p.getByRole('heading', { name: 'Offline Quizzes', level: 1 }).waitFor();
    await p.getByText('Connected', { exact: true }).waitFor();
    await p.getByText('No quizzes downloaded yet.').waitFor();
    const issued = p.waitForResponse((r) => r.url().endsWith('/api/offline/packs') && r.request().method() === 'POST');
    await p.getByRole('button', { name: 'Download Geography Beginner' }).click();
    const pack = (await (await issued).json()).pack as { questions: { image_url: string | null }[] };
    await p.getByText('Downloaded Geography Beginner for offline use').waitFor();
    const downloaded = p.getByRole('list', { name: 'Downloaded quizzes' });
    await downloaded.getByText('Geography · Beginner').waitFor();
    await downloaded.getByText('10 questions', { exact: false }).waitFor();
    // Kept in IndexedDB, not localStorage.
    expect(await p.evaluate(() => Object.keys(localStorage).some((k) => k.includes('offline')))).toBe(false);
    // The service worker has cached the shell and controls the page.
    await p.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

    await p.context().setOffline(true);
    await p.getByText('Offline Mode Active').waitFor();
    expect(await p.getByRole('button', { name: 'Download History Expert' }).isDisabled()).toBe(true);

    // A reload with no connection: the shell comes from the service worker, the quiz from IndexedDB.
    await p.reload();
    await p.getByRole('heading', { name: 'Offline Quizzes', level: 1 }).waitFor({ timeout: 20_000 });
    await p.getByText('Offline Mode Active').waitFor();
    expect(await p.getByRole('button', { name: 'Download Geography Beginner' }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Start Geography Beginner' }).click();
    // Flag questions show their image with no connection too (kept when the quiz was downloaded).
    let imagesShown = 0;
    for (let i = 1; i <= 10; i++) {
      await p.getByText(`Question ${i} of 10`).waitFor();
      const image = p.locator('main img');
      if ((await image.count()) > 0) {
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        imagesShown += 1;
      }
      await p.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
      await p.getByRole('button', { name: i < 10 ? 'Next Question' : 'Finish Quiz' }).click();
    }
    expect(imagesShown).toBe(pack.questions.filter((q) => q.image_url).length);
    const scored = await p.getByText(/You scored \d+ out of 10/).textContent();
    const score = Number(/You scored (\d+)/.exec(scored ?? '')![1]);
    await p.getByRole('button', { name: 'Back to Offline Quizzes' }).click();
    await p.getByText('1 result waiting to be sent (sent when you are back online)').waitFor();

    // Back online: the session is looked up again and the outbox sends the result once.
    await p.context().setOffline(false);
    await p.getByText(`Counted: ${score}/10`, { exact: false }).waitFor({ timeout: 20_000 });
    await p.getByText('Connected', { exact: true }).waitFor();
    expect(await p.getByText(/results? waiting to be sent/).count()).toBe(0);

    // A reload sends nothing again; the dashboard lists the attempt exactly once.
    await p.reload();
    await p.getByRole('heading', { name: 'Offline Quizzes', level: 1 }).waitFor();
    await downloaded.getByText('Geography · Beginner').waitFor();
    await p.goto(`${baseUrl}/dashboard`);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
    const rows = p.locator('table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(new RegExp(`Geography\\s+Beginner\\s+${score} / 10`));
  });
});
