import { completionIcon, milestoneText, type CompletionIcon, type DailyProgress } from '#shared/social/daily-challenge.ts';
import { streakTier, type StreakTier } from '#shared/quiz/streak.ts';

/** What the completion screen and the dashboard card say about a completed day (pure, for unit tables). */
export interface CompletionView {
  icon: CompletionIcon;
  iconLabel: string;
  score: number;
  total: number;
  percentage: number;
  bonus: number;
  points: number | null;
  streak: number;
  tier: StreakTier;
  badge: string;
  milestone: string | null;
}

const ICON_LABELS: Record<CompletionIcon, string> = {
  trophy: 'Trophy: a perfect score',
  star: 'Star: 80% or more',
  muscle: 'Muscle: keep practising',
};

export function completionView(progress: DailyProgress): CompletionView {
  const score = progress.score ?? 0;
  const total = progress.total_questions;
  const icon = completionIcon(score, total);
  const streak = progress.streak_count;
  const tier = streakTier(streak);
  return {
    icon,
    iconLabel: ICON_LABELS[icon],
    score,
    total,
    percentage: total > 0 ? Math.round((score / total) * 100) : 0,
    bonus: progress.bonus_earned,
    points: progress.round_points === null ? null : progress.round_points + progress.bonus_earned,
    streak,
    tier,
    badge: `${streak}-day streak`,
    milestone: milestoneText(streak),
  };
}

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The option a key picks (1–9 or a letter, either case), or null. */
export function optionForKey(key: string, count: number): number | null {
  const index = /^[1-9]$/.test(key) ? Number(key) - 1 : /^[a-z]$/i.test(key) ? LETTERS.indexOf(key.toUpperCase()) : -1;
  return index >= 0 && index < count ? index : null;
}
