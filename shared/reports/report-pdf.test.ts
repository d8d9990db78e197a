import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text.ts';
import { buildReport, reportFileName } from './report.ts';
import { REPORT_FONT_FILE, reportPdf } from './report-pdf.ts';

const font = new Uint8Array(readFileSync(new URL(`./fonts/${REPORT_FONT_FILE}`, import.meta.url)));
const now = new Date('2026-03-14T12:00:00Z');
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();

const report = buildReport({
  now,
  days: 30,
  attempts: [
    { subject: 'geography', level: 'beginner', score: 9, total: 10, timeSpentMs: 120_000, completedAt: at(2) },
    { subject: 'history', level: 'beginner', score: 5, total: 10, timeSpentMs: 60_000, completedAt: at(9) },
  ],
  achievementUnlocks: [at(2)],
  streak: 3,
});
/** Text outside ASCII as it can reach the report: the profile's name, and place names in free text. */
const PLACES = ['Zürich', 'São Tomé', 'Łódź', 'Việt Nam', 'Côte d’Ivoire'];
const withPlaces = { ...report, recommendations: [...report.recommendations.slice(0, 3), `Revise ${PLACES.join(', ')}: 3 € well spent.`] };

describe('the progress report PDF (jspdf, embedded DejaVu Sans)', () => {
  it('is a PDF that shows the title, student, period, date, summary, subjects, weeks and four recommendations', async () => {
    const file = await reportPdf(report, { studentEmail: 'zoe@example.com', generatedAt: now }, font);
    expect(Buffer.from(file.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const lines = pdfText(file);
    expect(lines).toEqual(
      expect.arrayContaining([
        'QuizQuest – Progress Report',
        'Student: zoe@example.com',
        'Period: Last 30 days (2026-02-12 to 2026-03-14)',
        'Date: 2026-03-14',
        'Total Quizzes: 2',
        'Average Score: 70%',
        'Study Time: 3 minutes',
        'Geography: 1 quiz, 90% average, trend +0%',
        'History: 1 quiz, 50% average, trend +0%',
        'Week 4 (2026-03-07 to 2026-03-14): 1 quiz, 90% average',
        ...report.recommendations.map((r, i) => `${i + 1}. ${r}`),
      ]),
    );
    expect(lines.filter((l) => /^\d\. /.test(l))).toHaveLength(4);
    expect(lines.some((l) => l.startsWith('Name:'))).toBe(false);
    expect(reportFileName(now)).toBe('progress-report-2026-03-14.pdf');
  });

  it('renders text outside ASCII and outside Windows-1252: the glyphs are embedded and map back to the same characters', async () => {
    const file = await reportPdf(withPlaces, { studentEmail: 'zoe@example.com', studentName: 'Zoë Łukasiewicz-Nguyễn', generatedAt: now }, font);
    const lines = pdfText(file);
    expect(lines).toContain('Name: Zoë Łukasiewicz-Nguyễn');
    const text = lines.join('\n');
    for (const place of PLACES) expect(text).toContain(place);
    expect(text).toContain('3 € well spent.');
    expect(text).not.toMatch(/[?\ufffd]/);
    // A Unicode TrueType font is embedded (the used glyphs only), not a viewer's built-in Latin-1 font.
    const raw = Buffer.from(file).toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Type0/);
    expect(raw).toMatch(/\/BaseFont \/DejaVuSans/);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(file.length).toBeLessThan(80_000);
  });

  it('wraps a long line inside the margins and adds pages as needed', async () => {
    const long = { ...withPlaces, recommendations: Array.from({ length: 4 }, () => `${'Łódź '.repeat(300)}end`) };
    const file = await reportPdf(long, { studentEmail: 'zoe@example.com', generatedAt: now }, font);
    const raw = Buffer.from(file).toString('latin1');
    expect(Number(/\/Count (\d+)/.exec(raw)?.[1])).toBeGreaterThan(1);
    const lines = pdfText(file);
    expect(lines.filter((l) => l.startsWith('Łódź')).length).toBeGreaterThan(10);
    expect(lines.join(' ').split(/\s+/).filter((w) => w === 'Łódź').length).toBe(4 * 300);
  });

  it('prints a name (and address) on one line whatever was stored: a line break cannot start a line of its own', async () => {
    const file = await reportPdf(report, { studentEmail: 'zoe@example.com\r\nBcc: y@evil.test', studentName: 'Zoë\r\nBcc: x@evil.test <b>hi</b>\u2028x', generatedAt: now }, font);
    const lines = pdfText(file);
    expect(lines.filter((l) => l.includes('Bcc:'))).toEqual(['Student: zoe@example.com Bcc: y@evil.test', 'Name: Zoë Bcc: x@evil.test <b>hi</b> x']);
  });
});
