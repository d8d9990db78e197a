import { describe, expect, it } from 'vitest';
import { buildPdf, pdfLiteral, winAnsiByte } from './pdf.ts';
import { reportPdf } from './report-pdf.ts';
import { reportPeriodSchema, sendReportSchema } from './contracts.ts';
import { buildReport, improvementTrend, periodStart, readStart, reportFileName, REPORT_MESSAGES as M, type ReportAttempt } from './report.ts';

const now = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (d: number, h = 0) => new Date(now.getTime() - d * 86_400_000 - h * 3_600_000).toISOString();
const attempt = (d: number, score: number, subject: ReportAttempt['subject'] = 'geography', timeSpentMs = 60_000): ReportAttempt => ({
  subject,
  level: 'beginner',
  score,
  total: 10,
  timeSpentMs,
  completedAt: daysAgo(d),
});

describe('improvement trend (§9: second half average minus first half average)', () => {
  it.each([
    [[], 0],
    [[70], 0],
    [[60, 80], 20],
    [[80, 60], -20],
    [[50, 60, 70, 80], 20],
    // odd count: the middle score belongs to the second half
    [[40, 60, 80], 30],
    [[90, 90, 90, 90], 0],
    [[33, 34, 67], 18],
  ])('%j → %i', (scores, trend) => {
    expect(improvementTrend(scores)).toBe(trend);
  });
});

describe('periods (§9: 7, 30, 90 days; default 30)', () => {
  it.each([
    ['7', 7],
    ['30', 30],
    ['90', 90],
    ['14', 30],
    ['abc', 30],
    [undefined, 30],
  ])('%j → %i', (raw, days) => {
    expect(reportPeriodSchema.parse(raw)).toBe(days);
  });

  it('reads the period, and at least the four weeks of the grid', () => {
    expect(periodStart(now, 7).toISOString()).toBe(daysAgo(7));
    expect(readStart(now, 7).toISOString()).toBe(daysAgo(28));
    expect(readStart(now, 30).toISOString()).toBe(daysAgo(30));
    expect(readStart(now, 90).toISOString()).toBe(daysAgo(90));
  });

  it.each([
    [7, 2, 65, 3],
    [30, 4, 70, 5],
    [90, 5, 72, 6],
  ] as const)('period %i: %i quizzes, %i%% average, %i minutes', (days, quizzes, average, minutes) => {
    const attempts = [attempt(1, 6), attempt(5, 7, 'history', 120_000), attempt(10, 8), attempt(29, 7), attempt(60, 8), attempt(120, 1)];
    const r = buildReport({ now, days, attempts, achievementUnlocks: [], streak: 0 });
    expect([r.totalQuizzes, r.averageScore, r.studyTimeMinutes]).toEqual([quizzes, average, minutes]);
  });
});

describe('report figures', () => {
  it('subjects with trend, strongest and weakest, real achievements and streak', () => {
    const attempts = [attempt(20, 5), attempt(10, 7), attempt(2, 9), attempt(15, 9, 'history'), attempt(3, 8, 'history'), attempt(40, 10, 'religion')];
    const r = buildReport({ now, days: 30, attempts, achievementUnlocks: [daysAgo(45), daysAgo(3), daysAgo(1)], streak: 4 });
    expect(r.subjects).toEqual([
      { subject: 'geography', quizzes: 3, averagePercent: 70, trendPercent: 30 },
      { subject: 'history', quizzes: 2, averagePercent: 85, trendPercent: -10 },
    ]);
    expect(r).toMatchObject({ strongestSubject: 'history', weakestSubject: 'geography', achievements: 3, achievementsInPeriod: 2, streak: 4, totalQuizzes: 5 });
    expect(r.recommendations).toHaveLength(4);
    expect(r.recommendations[0]).toBe('Spend extra time on Geography: your lowest average (70%).');
    expect(r.recommendations[3]).toBe('Keep your 4-day streak going with a quiz every day.');
  });

  it('the 4-week grid: Week 1 is 28 to 21 days ago, Week 4 the last 7 days, whatever the period', () => {
    const attempts = [attempt(27, 4), attempt(21, 6, 'history', 0), attempt(20.9, 8), attempt(13, 10), attempt(0.5, 5), attempt(0, 7), attempt(35, 9)];
    const r = buildReport({ now, days: 7, attempts, achievementUnlocks: [], streak: 0 });
    expect(r.weeks.map((w) => [w.label, w.quizzes, w.averagePercent])).toEqual([
      ['Week 1', 1, 40],
      ['Week 2', 2, 70],
      ['Week 3', 1, 100],
      ['Week 4', 2, 60],
    ]);
    expect(r.weeks[0]!.from).toBe(daysAgo(28));
    expect(r.weeks[3]!.to).toBe(now.toISOString());
    expect(r.totalQuizzes).toBe(2);
  });

  it('an empty period: zeros, no subjects, starter recommendations', () => {
    const r = buildReport({ now, days: 30, attempts: [attempt(45, 8)], achievementUnlocks: [], streak: 0 });
    expect(r).toMatchObject({ totalQuizzes: 0, averageScore: 0, studyTimeMinutes: 0, subjects: [], strongestSubject: null, weakestSubject: null });
    expect(r.recommendations).toHaveLength(4);
  });
});

describe('send report input (shared e-mail rule)', () => {
  it.each([
    ['', M.emailRequired],
    ['nope', M.invalidEmail],
    ['zoë@example.com', M.emailNotAscii],
  ])('%j → %s', (email, message) => {
    const result = sendReportSchema.safeParse({ email, days: 30 });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
  it('normalises the address', () => {
    expect(sendReportSchema.parse({ email: ' Parent@Example.COM ' })).toEqual({ email: 'parent@example.com', days: 30 });
  });
});

describe('PDF', () => {
  const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

  it.each([
    ['Zürich', [0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]],
    ['São Tomé', [0x53, 0xe3, 0x6f, 0x20, 0x54, 0x6f, 0x6d, 0xe9]],
    ['– € Œ', [0x96, 0x20, 0x80, 0x20, 0x8c]],
  ])('%s is written in WinAnsi bytes', (text, bytes) => {
    expect([...pdfLiteral(text)].map((c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('decomposed accents are composed first; characters outside WinAnsi become ?; brackets are escaped', () => {
    expect(pdfLiteral('Zu\u0308rich')).toBe('Z\xfcrich');
    expect(winAnsiByte('Ł')).toBeUndefined();
    expect(pdfLiteral('Łódź (a\\b)')).toBe('?\xf3d? \\(a\\\\b\\)');
  });

  it('a well-formed file: header, fonts with WinAnsiEncoding, xref offsets that point at objects', () => {
    const pdf = latin1(buildPdf([{ text: 'Zürich' }, { text: 'São Tomé', bold: true }], { title: 'T', createdAt: now }));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Zürich) Tj');
    expect(pdf).toContain('(São Tomé) Tj');
    expect(pdf).toContain('/Encoding /WinAnsiEncoding');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it('long content flows onto more pages', () => {
    const pdf = latin1(buildPdf(Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i}` })), { title: 'T', createdAt: now }));
    expect(/\/Count (\d+)/.exec(pdf)![1]).toBe('3');
  });

  it('the report file names the student, period, summary, subjects and recommendations', () => {
    const r = buildReport({ now, days: 30, attempts: [attempt(2, 9), attempt(3, 7, 'history')], achievementUnlocks: [daysAgo(1)], streak: 2 });
    const pdf = latin1(reportPdf(r, { studentEmail: 'ada@example.com', generatedAt: now }));
    for (const text of ['QuizQuest \x96 Progress Report', 'Student: ada@example.com', 'Period: Last 30 days', 'Total Quizzes: 2', 'Geography: 1 quizzes, 90% average', 'Week 4', '1. ']) {
      expect(pdf).toContain(text);
    }
    expect(reportFileName(now)).toBe('progress-report-2026-06-30.pdf');
  });
});
