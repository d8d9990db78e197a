import * as z from 'zod';
import { ROLES, SUBJECTS, type Role, type Subject } from '../constants.ts';
import { addDays, utcDate } from '../dates.ts';

/**
 * Admin statistics (docs/admin.md), kept as counters by event consumers so the
 * overview reads a fixed number of items whatever the number of users or attempts:
 * one totals item and one item per day of the 7-day window. These are the pure rules:
 * what an event adds to which counter, and how the counters become the figures shown.
 */

/** The 7-day window of the chart and the weekly trend (docs/admin.md). */
export const ACTIVITY_DAYS = 7;

/** A counter record as stored: flat, additive numbers (DynamoDB ADD creates them at 0). */
export type Counters = Record<string, number>;

/** An attempt's score as tenths of a percent, so sums stay whole numbers: 7 of 9 → 778 (77.8%). */
export const percentTenths = (score: number, total: number): number => (total > 0 ? Math.round((score * 1000) / total) : 0);

/** The window's days, oldest first, ending with `today`. */
export function windowDays(today: string, days = ACTIVITY_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

export interface QuizFacts {
  subject: Subject;
  score: number;
  total: number;
  timeSpentMs: number;
}

/** What one completed quiz adds to the totals. */
export function quizTotalsIncrements(quiz: QuizFacts): Counters {
  return {
    quizzes: 1,
    pct_tenths_sum: percentTenths(quiz.score, quiz.total),
    time_ms_sum: quiz.timeSpentMs,
    [`subj_${quiz.subject}_attempts`]: 1,
    [`subj_${quiz.subject}_total`]: quiz.total,
    [`subj_${quiz.subject}_correct`]: quiz.score,
  };
}

/** What one completed quiz adds to its day; `firstOfDay` when it is the player's first that UTC day. */
export function quizDayIncrements(quiz: QuizFacts, firstOfDay: boolean): Counters {
  return { quizzes: 1, pct_tenths_sum: percentTenths(quiz.score, quiz.total), ...(firstOfDay ? { active: 1 } : {}) };
}

export type AccountChange =
  | { kind: 'created'; role: Role }
  | { kind: 'deleted'; role: Role }
  | { kind: 'role-changed'; from: Role; to: Role };

/** What an account event adds to the totals (a deletion or a move subtracts). */
export function accountIncrements(change: AccountChange): Counters {
  switch (change.kind) {
    case 'created':
      return { users: 1, [`role_${change.role}`]: 1 };
    case 'deleted':
      return { users: -1, [`role_${change.role}`]: -1 };
    case 'role-changed':
      return change.from === change.to ? {} : { [`role_${change.from}`]: -1, [`role_${change.to}`]: 1 };
  }
}

/** A quiz already played, as the backfill reads it from the attempts. */
export interface PastQuiz extends QuizFacts {
  userId: string;
  completedAt: string;
}

export interface HistoryCounters {
  totals: Counters;
  /** The window's days (and the day before, whose "played" marks are still kept). */
  days: Map<string, Counters>;
  /** Who played on each of those days: the consumer's "first quiz of the day" marks. */
  players: Map<string, Set<string>>;
}

/**
 * The counters the consumer would hold had it seen every account and quiz so far: for a
 * stage whose data predates it (scripts/backfill-admin-stats.ts). Days before the window
 * are left out, as the overview never reads them.
 */
export function countersFromHistory(roles: readonly Role[], quizzes: readonly PastQuiz[], today: string): HistoryCounters {
  const add = (into: Counters, increments: Counters) => {
    for (const [name, value] of Object.entries(increments)) into[name] = (into[name] ?? 0) + value;
  };
  const totals: Counters = {};
  for (const role of roles) add(totals, accountIncrements({ kind: 'created', role }));
  const kept = new Set(windowDays(today, ACTIVITY_DAYS + 1));
  const days = new Map<string, Counters>();
  const players = new Map<string, Set<string>>();
  for (const quiz of quizzes) {
    add(totals, quizTotalsIncrements(quiz));
    const day = utcDate(quiz.completedAt);
    if (!kept.has(day)) continue;
    const seen = players.get(day) ?? new Set<string>();
    const first = !seen.has(quiz.userId);
    seen.add(quiz.userId);
    players.set(day, seen);
    const counters = days.get(day) ?? {};
    add(counters, quizDayIncrements(quiz, first));
    days.set(day, counters);
  }
  return { totals, days, players };
}

export const subjectStatSchema = z.object({ total: z.number(), correct: z.number(), attempts: z.number() });
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  totalQuizzes: z.number(),
  /** Mean of the attempts' percentages, whole percent. */
  averageScore: z.number(),
  usersByRole: z.record(z.enum(ROLES), z.number()),
  recentActivity: z.array(z.object({ date: z.string(), quizCount: z.number(), averageScore: z.number() })),
  /** Distinct players with a quiz completed today (UTC). */
  activeToday: z.number(),
  /** Mean time per quiz in seconds (milliseconds / 1000; docs/admin.md). */
  averageTimeSpent: z.number(),
  subjectStats: z.record(z.enum(SUBJECTS), subjectStatSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const n = (counters: Counters | undefined, name: string): number => {
  const value = Number(counters?.[name] ?? 0);
  return Number.isFinite(value) ? value : 0;
};
/** Counters never show below zero (a deletion counted before its account's creation, briefly). */
const count = (counters: Counters | undefined, name: string) => Math.max(0, n(counters, name));
const mean = (sum: number, of: number) => (of > 0 ? sum / of : 0);

/** The figures shown, from the totals and the window's day counters (missing days are zeros). */
export function adminStatsFrom(totals: Counters | undefined, days: ReadonlyMap<string, Counters>, today: string): AdminStats {
  const quizzes = count(totals, 'quizzes');
  return {
    totalUsers: count(totals, 'users'),
    totalQuizzes: quizzes,
    averageScore: Math.round(mean(n(totals, 'pct_tenths_sum'), quizzes) / 10),
    usersByRole: Object.fromEntries(ROLES.map((role) => [role, count(totals, `role_${role}`)])) as Record<Role, number>,
    recentActivity: windowDays(today).map((date) => {
      const day = days.get(date);
      const quizCount = count(day, 'quizzes');
      return { date, quizCount, averageScore: Math.round(mean(n(day, 'pct_tenths_sum'), quizCount) / 10) };
    }),
    activeToday: count(days.get(today), 'active'),
    averageTimeSpent: Math.round(mean(n(totals, 'time_ms_sum'), quizzes) / 1000),
    subjectStats: Object.fromEntries(
      SUBJECTS.map((s) => [s, { total: count(totals, `subj_${s}_total`), correct: count(totals, `subj_${s}_correct`), attempts: count(totals, `subj_${s}_attempts`) }]),
    ) as Record<Subject, z.infer<typeof subjectStatSchema>>,
  };
}

/** What the overview shows when statistics fail to load (docs/admin.md: zeros). */
export const zeroStats = (today: string): AdminStats => adminStatsFrom(undefined, new Map(), today);

/** A subject's accuracy, whole percent (subject performance). */
export const subjectAccuracy = (stat: { total: number; correct: number }): number => (stat.total > 0 ? Math.round((stat.correct / stat.total) * 100) : 0);

/** The weekly trend: the window's second half average minus its first half, in points (days without quizzes left out). */
export function weeklyTrend(activity: AdminStats['recentActivity']): number {
  const played = activity.filter((d) => d.quizCount > 0);
  if (played.length < 2) return 0;
  const half = Math.floor(played.length / 2);
  const avg = (list: typeof played) => list.reduce((s, d) => s + d.averageScore * d.quizCount, 0) / list.reduce((s, d) => s + d.quizCount, 0);
  return Math.round(avg(played.slice(played.length - half)) - avg(played.slice(0, half)));
}

export const adminOverviewResponseSchema = z.object({ stats: adminStatsSchema, generatedAt: z.string() });
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
