import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { localDate, streakOn } from '#shared/quiz/streak.ts';
import { buildReport, readStart, REPORT_MESSAGES as M, type ProgressReport, type ReportPeriod } from '#shared/reports/report.ts';
import { achievements, recentActiveDays } from '../data/learner.ts';
import { attemptsBetween } from '../data/reports.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A student (or admin) with progress_reports: free accounts are refused with no data (3-learning §6). */
export async function requireReportsCaller(event: HttpEvent): Promise<Profile> {
  const me = await requireCaller(event, ['student', 'admin']);
  if (!canUse(me, 'progress_reports', new Date())) throw new Forbidden(M.premiumRequired, 'premium_required');
  return me;
}

/**
 * The caller's report: three DynamoDB queries in parallel, each bounded — the attempts of
 * the period (at least the grid's 4 weeks) by key range, the achievements (at most one
 * item per achievement) and the last 400 active days for the streak.
 */
export async function loadReport(profile: Profile, days: ReportPeriod, now: Date): Promise<ProgressReport> {
  const userId = profile.user_id;
  const [attempts, unlocked, activeDays] = await Promise.all([attemptsBetween(userId, readStart(now, days), now), achievements(userId), recentActiveDays(userId)]);
  return buildReport({
    now,
    days,
    attempts,
    achievementUnlocks: unlocked.map((a) => a.unlocked_at),
    streak: streakOn(activeDays, localDate(now, profile.time_zone ?? 'UTC')),
  });
}
