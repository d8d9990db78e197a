/** The daily challenge's rules (2-social §4, §9): bonus, challenge streak, completion screen. */
import { previousDay } from '../quiz/streak.ts';

/** Streak bonuses, cumulative: a 30-day streak earns all three. */
export const DAILY_STREAK_BONUSES = [
  { streak: 7, bonus: 25 },
  { streak: 14, bonus: 50 },
  { streak: 30, bonus: 100 },
] as const;

/** Full score earns all bonus points, 80 % or more half (rounded down), less nothing. */
export function scoreBonus(score: number, total: number, bonusPoints: number): number {
  if (total <= 0 || score <= 0) return 0;
  if (score >= total) return bonusPoints;
  return score * 5 >= total * 4 ? Math.floor(bonusPoints / 2) : 0;
}

export function streakBonus(streak: number): number {
  return DAILY_STREAK_BONUSES.filter((tier) => streak >= tier.streak).reduce((sum, tier) => sum + tier.bonus, 0);
}

/**
 * The challenge streak after completing the challenge of `today` (both days in the
 * player's time zone): one more when the last completed challenge was yesterday's,
 * otherwise a new streak of 1.
 */
export function nextDailyStreak(last: { day: string; streak: number } | undefined, today: string): number {
  return last && last.day === previousDay(today) ? last.streak + 1 : 1;
}

export function dailyBonus(input: { score: number; total: number; bonusPoints: number; streak: number }): number {
  return scoreBonus(input.score, input.total, input.bonusPoints) + streakBonus(input.streak);
}

export type CompletionIcon = 'trophy' | 'star' | 'muscle';

/** Trophy at 100 %, star at 80 % or more, muscle otherwise. */
export function completionIcon(score: number, total: number): CompletionIcon {
  if (total > 0 && score >= total) return 'trophy';
  return total > 0 && score * 5 >= total * 4 ? 'star' : 'muscle';
}
