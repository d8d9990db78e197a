import { describe, expect, it } from 'vitest';
import { reportPeriodSchema, sendReportSchema } from './contracts.ts';
import { buildReport, improvementTrend, periodStart, readStart, REPORT_MESSAGES as M, type ReportAttempt } from './report.ts';

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
