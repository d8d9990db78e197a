import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confirmedAccount, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { finishOnScreen, nextRound } from '../support/e2e-rounds.ts';

const { page, baseUrl, mailbox } = useBrowser();

describe('the 7-day trial', () => {
  it('a free student sees locks and the upsell, starts the trial, plays an advanced round and sees it in analytics and the CSV export', async () => {
    const p = page();
    const { email, password } = await confirmedAccount(baseUrl, mailbox, 'trial');
    const { token } = await openSignedIn(p, baseUrl, { email, password });
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // Free: advanced levels locked, the upsell shown, analytics behind the premium overlay.
    await p.getByRole('link', { name: 'Advanced Premium, locked' }).first().waitFor();
    const upsell = p.getByRole('region', { name: 'Unlock Premium' });
    await upsell.waitFor();
    await p.getByText('Detailed analytics are part of Premium').waitFor();

    await upsell.getByRole('link', { name: 'Start Free Trial' }).click();
    await p.waitForURL(`${baseUrl}/subscription`);
    await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await p.getByRole('dialog', { name: 'Your Premium Trial Has Started' }).waitFor();
    await p.getByText(/Your 7-day Premium trial is active until/).waitFor();

    // Trial: an advanced round is open to the student now. Its first answer is given on
    // screen; the rest go through the API as the page sends them, the last on screen again.
    const started = nextRound(p);
    await p.goto(`${baseUrl}/quiz/history/advanced`);
    const round = await started;
    expect(round.level).toBe('advanced');
    await p.getByText('Question 1 of 10').waitFor();
    await p.getByRole('button', { name: /^B\. / }).click();
    await p.getByText(/Correct!|Incorrect\. The answer is/).first().waitFor();
    await finishOnScreen(p, baseUrl, token, round, 1, 1);
    const modal = p.getByRole('dialog', { name: 'Quiz Complete!' });
    await modal.getByRole('link', { name: 'Return to Dashboard' }).click();

    const analytics = p.getByRole('region', { name: 'Detailed Analytics' });
    await p.getByRole('region', { name: 'Premium Dashboard' }).waitFor();
    await analytics.getByRole('radio', { name: '7 days' }).click();
    const history = analytics.getByRole('figure', { name: /History/ });
    await expect.poll(async () => (await history.textContent()) ?? '').toMatch(/1 quiz/);

    const [download] = await Promise.all([p.waitForEvent('download'), analytics.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('quizquest-analytics-accuracy-7d.csv');
    const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/); // RFC 4180 line ends
    expect(csv[0]).toBe('subject,bucket,from,to,attempts,accuracy,speed,consistency');
    const played = csv.filter((line) => line.startsWith('history,') && line.split(',')[4] === '1');
    expect(played).toHaveLength(1);
  });
});
