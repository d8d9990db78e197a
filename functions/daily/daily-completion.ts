import { dailyBonus, nextDailyStreak } from '#shared/social/daily-challenge.ts';
import { completionItems, getDailyStreak, type TransactItem } from './data/daily-challenges.ts';
import type { StoredRound } from '../quiz/data/rounds.ts';

export interface DailyOutcome {
  bonus: number;
  streak: number;
  /** Written in the round's finishing transaction, so a day completes exactly when its round does. */
  items: TransactItem[];
}

/**
 * What finishing a daily challenge round earns (docs/social.md): the streak continues
 * when the last completed challenge was the day before this one (days are the player's
 * own calendar days: a player gets the challenge of their local date), and the bonus for
 * the score plus the streak's tiers.
 */
export async function dailyCompletion(round: StoredRound, graded: { score: number; total: number; points: number }, completedAt: string): Promise<DailyOutcome | undefined> {
  if (!round.daily) return undefined;
  const previous = await getDailyStreak(round.userId);
  const streak = nextDailyStreak(previous, round.daily.date);
  const bonus = dailyBonus({ score: graded.score, total: graded.total, bonusPoints: round.daily.bonusPoints, streak });
  const items = completionItems({
    userId: round.userId,
    date: round.daily.date,
    roundId: round.roundId,
    score: graded.score,
    total: graded.total,
    roundPoints: graded.points,
    bonus,
    streak,
    completedAt,
    previous,
  });
  return { bonus, streak, items };
}
