import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M } from '../../shared/reports/report.ts';
import { confirmedAccount, latestMail, uniqueEmail, useBrowser } from '../support/browser.ts';
import { openSignedIn } from '../support/e2e-session.ts';
import { answerByApi, startRoundByApi } from '../support/e2e-rounds.ts';
import { pdfText } from '../support/pdf-text.ts';

const { page, baseUrl, mailbox } = useBrowser();

/** The trial through the API the Plans page calls (starting it on screen is the trial test's part). */
async function startTrial(token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/subscription/trial`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  expect(response.status, await response.text()).toBe(200);
}

/** A downloaded PDF: its name, its first bytes and the lines of text it shows (decoded through its embedded font). */
async function downloaded(download: Download): Promise<{ name: string; head: string; lines: string[] }> {
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), lines: pdfText(bytes) };
}

/** Outside Windows-1252 (Ł, ễ) as well as inside it (ë): only an embedded Unicode font shows all of it. */
const FULL_NAME = 'Zoë Łukasiewicz-Nguyễn';

describe('progress report', () => {
  it('a trial student plays a round, sees it in the report, downloads the PDF, sends it, and the e-mail in the mailbox carries the PDF', async () => {
    const p = page();
    const account = await confirmedAccount(baseUrl, mailbox, 'report');
    const { token } = await openSignedIn(p, baseUrl, account, '/progress-reports');

    // Free: the upgrade gate, nothing of the report.
    await p.getByRole('heading', { name: M.premiumRequired }).waitFor();
    await startTrial(token);

    // The name the PDF prints, set where a person sets it.
    await p.goto(`${baseUrl}/profile`);
    await p.getByLabel('Full name').fill(FULL_NAME);
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Profile updated successfully!').waitFor();

    await p.goto(`${baseUrl}/progress-reports`);
    await p.getByRole('heading', { name: 'Progress Report', level: 1 }).waitFor();
    await p.getByText(M.empty).waitFor();

    // One geography round, answered with A through the API as the quiz page sends it (playing
    // on screen is the quiz tests' part; here it is the history the report is made of).
    const round = await startRoundByApi(baseUrl, token, { subject: 'geography', level: 'beginner' });
    const answers = await answerByApi(baseUrl, token, round, 0);
    const score = answers.at(-1)!.result!.score;

    await p.goto(`${baseUrl}/progress-reports`);
    const summary = p.getByRole('list', { name: 'Summary' });
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('Total Quizzes1');
    expect(await summary.textContent()).toContain(`Average Score${score * 10}%`);
    await p.getByRole('heading', { name: 'Subject Performance' }).waitFor();
    await p.getByText('Geography', { exact: true }).waitFor();
    await p.getByText('Week 4').waitFor();
    await p.getByLabel('Period').selectOption('7');
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain('Total Quizzes1');

    // Download PDF: a real PDF with the report's text, the name outside ASCII included.
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = await downloaded(download);
    expect(pdf.name).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.head).toBe('%PDF-');
    for (const text of ['QuizQuest – Progress Report', `Student: ${account.email}`, `Name: ${FULL_NAME}`, 'Total Quizzes: 1']) expect(pdf.lines).toContain(text);
    expect(pdf.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Period: Last 7 days \(/)]));
    expect(pdf.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Geography: 1 quiz, \d+% average/)]));

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
    expect(file.head).toBe('%PDF-');
    // The same PDF as the download: one layout (shared/reports/report-pdf.ts) in the browser and in the consumer.
    expect(file.lines).toContain(`Name: ${FULL_NAME}`);
    expect(file.lines).toEqual(pdf.lines);
  });
});
