import { describe, expect, it } from 'vitest';
import { utcDate } from '../dates.ts';
import { accountIncrements, adminStatsFrom, countersFromHistory, percentTenths, quizDayIncrements, quizTotalsIncrements, subjectAccuracy, weeklyTrend, windowDays, zeroStats, type Counters } from './stats.ts';

describe('admin statistics rules', () => {
  it.each([
    [7, 9, 778],
    [10, 10, 1000],
    [0, 5, 0],
    [1, 3, 333],
    [2, 3, 667],
    [3, 0, 0],
  ])('%i of %i is %i tenths of a percent', (score, total, tenths) => expect(percentTenths(score, total)).toBe(tenths));

  it.each([
    ['2026-11-23T23:59:59.999Z', '2026-11-23'],
    ['2026-11-24T00:00:00.000Z', '2026-11-24'],
    ['2026-11-23T22:30:00-05:00', '2026-11-24'],
  ])('%s is on UTC day %s', (iso, day) => expect(utcDate(iso)).toBe(day));

  it('the 7-day window ends today, oldest first, across a month end', () => {
    expect(windowDays('2026-12-02')).toEqual(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('a quiz adds to the totals, its subject and its day', () => {
    const quiz = { subject: 'history' as const, score: 7, total: 10, timeSpentMs: 95_000 };
    expect(quizTotalsIncrements(quiz)).toEqual({ quizzes: 1, pct_tenths_sum: 700, time_ms_sum: 95_000, subj_history_attempts: 1, subj_history_total: 10, subj_history_correct: 7 });
    expect(quizDayIncrements(quiz, true)).toEqual({ quizzes: 1, pct_tenths_sum: 700, active: 1 });
    expect(quizDayIncrements(quiz, false)).toEqual({ quizzes: 1, pct_tenths_sum: 700 });
  });

  it.each([
    [{ kind: 'created', role: 'student' }, { users: 1, role_student: 1 }],
    [{ kind: 'created', role: 'teacher' }, { users: 1, role_teacher: 1 }],
    [{ kind: 'deleted', role: 'parent' }, { users: -1, role_parent: -1 }],
    [{ kind: 'role-changed', from: 'student', to: 'teacher' }, { role_student: -1, role_teacher: 1 }],
    [{ kind: 'role-changed', from: 'admin', to: 'admin' }, {}],
  ] as const)('%o adds %o', (change, increments) => expect(accountIncrements(change)).toEqual(increments));

  it('turns counters into the figures: means, seconds, zeros for missing days', () => {
    const totals: Counters = {
      users: 5, role_student: 3, role_parent: 1, role_admin: 1,
      quizzes: 4, pct_tenths_sum: 700 + 800 + 900 + 1000, time_ms_sum: 4 * 90_500,
      subj_history_attempts: 3, subj_history_total: 30, subj_history_correct: 24,
      subj_geography_attempts: 1, subj_geography_total: 10, subj_geography_correct: 10,
    };
    const days = new Map<string, Counters>([
      ['2026-11-23', { quizzes: 3, pct_tenths_sum: 700 + 800 + 900, active: 2 }],
      ['2026-11-20', { quizzes: 1, pct_tenths_sum: 1000, active: 1 }],
      ['2026-11-10', { quizzes: 9, pct_tenths_sum: 9000, active: 9 }],
    ]);
    const stats = adminStatsFrom(totals, days, '2026-11-23');
    expect(stats).toMatchObject({
      totalUsers: 5,
      totalQuizzes: 4,
      averageScore: 85,
      usersByRole: { student: 3, parent: 1, teacher: 0, admin: 1 },
      activeToday: 2,
      averageTimeSpent: 91,
      subjectStats: { history: { total: 30, correct: 24, attempts: 3 }, geography: { total: 10, correct: 10, attempts: 1 }, religion: { total: 0, correct: 0, attempts: 0 } },
    });
    expect(stats.recentActivity).toEqual([
      { date: '2026-11-17', quizCount: 0, averageScore: 0 },
      { date: '2026-11-18', quizCount: 0, averageScore: 0 },
      { date: '2026-11-19', quizCount: 0, averageScore: 0 },
      { date: '2026-11-20', quizCount: 1, averageScore: 100 },
      { date: '2026-11-21', quizCount: 0, averageScore: 0 },
      { date: '2026-11-22', quizCount: 0, averageScore: 0 },
      { date: '2026-11-23', quizCount: 3, averageScore: 80 },
    ]);
  });

  it('never shows a negative count, and zeros when there is nothing', () => {
    expect(adminStatsFrom({ users: -1, role_student: -1 }, new Map(), '2026-11-23')).toMatchObject({ totalUsers: 0, usersByRole: { student: 0 } });
    expect(zeroStats('2026-11-23')).toMatchObject({ totalUsers: 0, totalQuizzes: 0, averageScore: 0, activeToday: 0, averageTimeSpent: 0 });
    expect(zeroStats('2026-11-23').recentActivity).toHaveLength(7);
  });

  it.each([
    [{ total: 0, correct: 0 }, 0],
    [{ total: 30, correct: 24 }, 80],
    [{ total: 3, correct: 2 }, 67],
  ])('subject accuracy of %o is %i%%', (stat, pct) => expect(subjectAccuracy(stat)).toBe(pct));

  it.each([
    [[], 0],
    [[{ date: 'a', quizCount: 1, averageScore: 60 }], 0],
    [[{ date: 'a', quizCount: 1, averageScore: 60 }, { date: 'b', quizCount: 0, averageScore: 0 }, { date: 'c', quizCount: 1, averageScore: 80 }], 20],
    [[{ date: 'a', quizCount: 2, averageScore: 90 }, { date: 'b', quizCount: 1, averageScore: 50 }, { date: 'c', quizCount: 3, averageScore: 70 }, { date: 'd', quizCount: 1, averageScore: 60 }], -9],
  ])('weekly trend of %o is %i points', (activity, trend) => expect(weeklyTrend(activity)).toBe(trend));
});

describe('admin statistics backfill', () => {
  it('counts the accounts and every quiz in the totals, and the window’s days with their first-of-day players', () => {
    const today = '2026-11-26';
    const at = (day: string, time = '10:00:00') => `${day}T${time}Z`;
    const history = countersFromHistory(
      ['student', 'student', 'teacher'],
      [
        { userId: 'u1', subject: 'geography', score: 7, total: 10, timeSpentMs: 60_000, completedAt: at(today) },
        { userId: 'u1', subject: 'history', score: 9, total: 10, timeSpentMs: 90_000, completedAt: at(today, '11:00:00') },
        { userId: 'u2', subject: 'geography', score: 5, total: 10, timeSpentMs: 30_000, completedAt: at('2026-11-25') },
        // Eight days before today: its marks are still kept, its counters are not read (outside the 7-day window).
        { userId: 'u2', subject: 'religion', score: 8, total: 8, timeSpentMs: 20_000, completedAt: at('2026-11-19') },
        // A month ago: in the totals only.
        { userId: 'u3', subject: 'religion', score: 10, total: 10, timeSpentMs: 40_000, completedAt: at('2026-10-26') },
      ],
      today,
    );
    expect(history.totals).toEqual({
      users: 3,
      role_student: 2,
      role_teacher: 1,
      quizzes: 5,
      pct_tenths_sum: 700 + 900 + 500 + 1000 + 1000,
      time_ms_sum: 240_000,
      subj_geography_attempts: 2,
      subj_geography_total: 20,
      subj_geography_correct: 12,
      subj_history_attempts: 1,
      subj_history_total: 10,
      subj_history_correct: 9,
      subj_religion_attempts: 2,
      subj_religion_total: 18,
      subj_religion_correct: 18,
    });
    expect(Object.fromEntries(history.days)).toEqual({
      '2026-11-26': { quizzes: 2, pct_tenths_sum: 1600, active: 1 },
      '2026-11-25': { quizzes: 1, pct_tenths_sum: 500, active: 1 },
      '2026-11-19': { quizzes: 1, pct_tenths_sum: 1000, active: 1 },
    });
    expect(Object.fromEntries([...history.players].map(([day, ids]) => [day, [...ids]]))).toEqual({ '2026-11-26': ['u1'], '2026-11-25': ['u2'], '2026-11-19': ['u2'] });
    expect(adminStatsFrom(history.totals, history.days, today)).toMatchObject({ totalUsers: 3, totalQuizzes: 5, averageScore: 82, activeToday: 1, averageTimeSpent: 48 });
  });
});
