import { addDays } from '../dates.ts';

/** Daily streaks (docs/quiz.md): consecutive calendar days with a completed quiz, in the user's time zone. */

/**
 * The streak on `today` from the set of active days: counted back from today, or from
 * yesterday when today has no quiz yet (the streak is still alive until the day ends).
 */
export function streakOn(activeDays: Iterable<string>, today: string): number {
  const days = new Set(activeDays);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

export const STREAK_MILESTONES = [3, 7, 14, 30] as const;
export type StreakTier = 'none' | 'star' | 'fire' | 'bolt' | 'crown';

export function streakTier(streak: number): StreakTier {
  if (streak >= 30) return 'crown';
  if (streak >= 14) return 'bolt';
  if (streak >= 7) return 'fire';
  if (streak >= 3) return 'star';
  return 'none';
}

/** A reminder goes out when the streak reaches a multiple of 5. */
export const remindsAt = (streak: number): boolean => streak > 0 && streak % 5 === 0;
