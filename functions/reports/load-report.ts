import { localDate } from '#shared/dates.ts';
import { streakOn } from '#shared/quiz/streak.ts';
import { buildReport, readStart, type ProgressReport, type ReportPeriod } from '#shared/reports/report.ts';
import { achievements, recentActiveDays } from '../quiz/data/learner.ts';
import { attemptsBetween } from './data/reports.ts';

/**
 * A learner's report at an instant: three DynamoDB queries in parallel, each bounded — the
 * attempts of the period (at least the grid's 4 weeks) by key range up to `now`, the
 * achievements (one item per achievement) and the last 400 active days for the streak.
 */
export async function loadReport(who: { userId: string; timeZone?: string | undefined }, days: ReportPeriod, now: Date): Promise<ProgressReport> {
  const [attempts, unlocked, activeDays] = await Promise.all([attemptsBetween(who.userId, readStart(now, days), now), achievements(who.userId), recentActiveDays(who.userId)]);
  return buildReport({
    now,
    days,
    attempts,
    achievementUnlocks: unlocked.map((a) => a.unlocked_at),
    streak: streakOn(activeDays, localDate(now, who.timeZone ?? 'UTC')),
  });
}
