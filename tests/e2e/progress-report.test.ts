import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M } from '../../shared/reports/report.ts';
import { confirmedAccount, latestMail, signIn, uniqueEmail, useBrowser } from '../support/browser.ts';

const { page, baseUrl, mailbox } = useBrowser();

async function startTrial(p: Page): Promise<void> {
  await p.goto(`${baseUrl}/subscription`);
  await p.getByRole('button', { name: 'Start Free Trial' }).first().click();
  await p.getByText(/Your 7-day Premium trial is active until/).waitFor();
}

/** The downloaded file's bytes as latin1 text (the PDF's text is WinAnsi). */
async function downloaded(download: Download): Promise<{ name: string; text: string }> {
  const path = await download.path();
  return { name: download.suggestedFilename(), text: (await readFile(path)).toString('latin1') };
}

describe('progress report', () => {
  it('a trial student plays a round, sees it in the report, downloads the PDF, sends it, and the e-mail in the mailbox carries the PDF', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'report');
    await signIn(p, baseUrl, account.email, account.password);
    await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();

    // Free: the upgrade gate, nothing of the report.
    await p.goto(`${baseUrl}/progress-reports`);
    await p.getByRole('heading', { name: M.premiumRequired }).waitFor();
    await startTrial(p);

    await p.goto(`${baseUrl}/progress-reports`);
    await p.getByRole('heading', { name: 'Progress Report', level: 1 }).waitFor();
    await p.getByText(M.empty).waitFor();

    // One geography round, answered with A.
    await p.goto(`${baseUrl}/quiz/geography/beginner`);
    for (let n = 1; n <= 10; n++) {
      await p.getByText(`Question ${n} of 10`).waitFor();
      await p.getByRole('button', { name: /^A\. / }).click();
    }
    const modal = p.getByRole('dialog', { name: 'Quiz Complete!' });
    await modal.waitFor();
    const score = Number(/^(\d+) \/ 10$/.exec(((await modal.getByText(/^\d+ \/ 10$/).first().textContent()) ?? '').trim())![1]);

    await p.goto(`${baseUrl}/progress-reports`);
    const summary = p.getByRole('list', { name: 'Summary' });
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('Total Quizzes1');
    expect(await summary.textContent()).toContain(`Average Score${score * 10}%`);
    await p.getByRole('heading', { name: 'Subject Performance' }).waitFor();
    await p.getByText('Geography', { exact: true }).waitFor();
    await p.getByText('Week 4').waitFor();
    await p.getByLabel('Period').selectOption('7');
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('Total Quizzes1');

    // Download PDF: a real PDF with the report's text.
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = await downloaded(download);
    expect(pdf.name).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    for (const text of ['Progress Report', `Student: ${account.email}`, 'Period: Last 7 days', 'Total Quizzes: 1', 'Geography: 1 quizzes']) expect(pdf.text).toContain(text);

    // Send Report: disabled while empty, "Sent!", then the address in the history.
    const send = p.getByRole('button', { name: 'Send Report' });
    expect(await send.isDisabled()).toBe(true);
    const parent = uniqueEmail('parent');
    await p.getByPlaceholder(M.emailPlaceholder).fill(parent);
    await send.click();
    await p.getByRole('button', { name: 'Sent!' }).waitFor();
    await p.getByRole('list', { name: 'Sent reports' }).getByText(parent).waitFor();
    await p.getByRole('button', { name: 'Send Report' }).waitFor({ timeout: 5000 });

    // The local mailbox: the e-mail, with the PDF to download.
    const mail = await latestMail(mailbox, parent, /progress report/);
    await p.goto(`${baseUrl}/_dev/mail/${encodeURIComponent(mail.id)}`);
    await p.getByRole('heading', { name: mail.subject }).waitFor();
    const attachment = p.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: /^progress-report-.*\.pdf$/ });
    const [mailed] = await Promise.all([p.waitForEvent('download'), attachment.click()]);
    const file = await downloaded(mailed);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    expect(file.text).toContain(`Student: ${account.email}`);
  });
});
