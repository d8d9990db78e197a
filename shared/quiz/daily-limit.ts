import * as z from 'zod';
import { UNLIMITED } from '../entitlements.ts';
import { zonedInstant } from '../notifications/quiet-hours.ts';
import { addDays, localDate } from '../dates.ts';

/**
 * The free plan's daily rounds (docs/social.md: "10 quiz attempts per day"). An attempt is a
 * round the student played, so:
 *
 * - a round counts once, when its first answer (or skip) is accepted; opening a quiz,
 *   reloading it or leaving it before answering costs nothing, and starting again while a
 *   round is in play resumes it rather than starting another;
 * - the daily challenge, friend challenges and offline packs never count (they are bounded
 *   by themselves);
 * - the day is the account's own (its time zone, as for streaks), so it resets at the
 *   student's midnight.
 *
 * The server counts with this rule and the dashboard's "Rounds left today" is the same count.
 */
export const limitDay = (now: Date, timeZone: string): string => localDate(now, timeZone);

/** The next midnight in the account's zone: when today's count starts again from 0. */
export const limitResetsAt = (now: Date, timeZone: string): Date => zonedInstant(addDays(limitDay(now, timeZone), 1), '00:00', timeZone);

/** What is left of today's rounds; -1 for unlimited. */
export const roundsLeft = (limit: number, played: number): number => (limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - played));

export const hasRoundsLeft = (limit: number, played: number): boolean => roundsLeft(limit, played) !== 0;

/** The 429 `daily_limit` error's details: what the limit page shows. */
export const dailyLimitDetailsSchema = z.object({
  limit: z.number().int(),
  played: z.number().int(),
  /** ISO instant of the next midnight in `timeZone`. */
  resetsAt: z.string(),
  timeZone: z.string(),
});
export type DailyLimitDetails = z.infer<typeof dailyLimitDetailsSchema>;

export function dailyLimitDetails(limit: number, played: number, now: Date, timeZone: string): DailyLimitDetails {
  return { limit, played, resetsAt: limitResetsAt(now, timeZone).toISOString(), timeZone };
}
