import { completionIcon, milestoneText, type CompletionIcon, type DailyProgress } from '#shared/social/daily-challenge.ts';
import { streakTier, type StreakTier } from '#shared/quiz/streak.ts';

/** What the completion screen and the dashboard card say about a completed day (pure, for unit tables). */
export interface CompletionView {
  icon: CompletionIcon;
  iconLabel: string;
  emoji: string;
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

const ICONS: Record<CompletionIcon, { emoji: string; label: string }> = {
  trophy: { emoji: '🏆', label: 'Trophy: a perfect score' },
  star: { emoji: '⭐', label: 'Star: 80% or more' },
  muscle: { emoji: '💪', label: 'Muscle: keep practising' },
};

/** Streak badge tiers 3 (star), 7, 14, 30 (crown); below 3 a plain badge. */
const TIER_EMOJI: Record<StreakTier, string> = { none: '📅', star: '⭐', fire: '🔥', bolt: '⚡', crown: '👑' };

export function completionView(progress: DailyProgress): CompletionView {
  const score = progress.score ?? 0;
  const total = progress.total_questions;
  const icon = completionIcon(score, total);
  const streak = progress.streak_count;
  const tier = streakTier(streak);
  return {
    icon,
    iconLabel: ICONS[icon].label,
    emoji: ICONS[icon].emoji,
    score,
    total,
    percentage: total > 0 ? Math.round((score / total) * 100) : 0,
    bonus: progress.bonus_earned,
    points: progress.round_points === null ? null : progress.round_points + progress.bonus_earned,
    streak,
    tier,
    badge: `${TIER_EMOJI[tier]} ${streak}-day streak`,
    milestone: milestoneText(streak),
  };
}

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The option a key picks (1–9 or a letter, either case), or null. */
export function optionForKey(key: string, count: number): number | null {
  const index = /^[1-9]$/.test(key) ? Number(key) - 1 : /^[a-z]$/i.test(key) ? LETTERS.indexOf(key.toUpperCase()) : -1;
  return index >= 0 && index < count ? index : null;
}
