import type { ProgressResponse } from '#shared/quiz/contracts.ts';
import { STREAK_MILESTONES, streakTier, type StreakTier } from '#shared/quiz/streak.ts';
import { ACHIEVEMENTS, type AchievementId } from '#shared/quiz/achievements.ts';

/** Personal insights and achievements (docs/quiz.md) as the dashboard shows them. */

type Insights = ProgressResponse['insights'];

/** The recommended action (docs/learning.md). */
export const RECOMMENDED_QUIZ = '/quiz/geography/beginner';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface ActivityBar {
  day: string;
  weekday: string;
  /** Height of the bar, 0 to 100, relative to the busiest day. */
  height: number;
  quizzes: number;
  /** The text alternative, e.g. "Monday: 2 quizzes". */
  description: string;
}

/** The server's last 7 calendar days (YYYY-MM-DD, the user's zone), oldest first, as bars. */
export function activityBars(activity: Insights['activity']): ActivityBar[] {
  const busiest = Math.max(0, ...activity.map((a) => a.quizzes));
  return activity.map(({ day, quizzes }) => {
    const index = new Date(`${day}T12:00:00Z`).getUTCDay();
    const weekday = Number.isNaN(index) ? day : WEEKDAYS[index]!;
    const name = Number.isNaN(index) ? day : WEEKDAY_NAMES[index]!;
    return {
      day,
      weekday,
      quizzes,
      height: busiest === 0 ? 0 : Math.round((quizzes / busiest) * 100),
      description: `${name}: ${quizzes} ${quizzes === 1 ? 'quiz' : 'quizzes'}`,
    };
  });
}

/** Share of the weekly goal done, capped at 100 for the bar. */
export const goalPercent = ({ done, target }: Insights['weeklyGoal']): number => (target > 0 ? Math.min(100, Math.round((done / target) * 100)) : 0);

export const TIER_LABEL: Record<StreakTier, string> = { none: 'No badge yet', star: 'Star', fire: 'Fire', bolt: 'Bolt', crown: 'Crown' };

/** The streak's badge tier (3, 7, 14, 30 days) and how far the next one is. */
export function streakBadge(streak: number): { tier: StreakTier; label: string; next: string | null } {
  const tier = streakTier(streak);
  const milestone = STREAK_MILESTONES.find((m) => m > streak);
  const next = milestone === undefined ? null : `${milestone - streak} more ${milestone - streak === 1 ? 'day' : 'days'} to the ${TIER_LABEL[streakTier(milestone)]} badge`;
  return { tier, label: TIER_LABEL[tier], next };
}

export interface AchievementTile {
  id: AchievementId;
  title: string;
  description: string;
  unlockedAt: string | null;
}

/** The whole catalogue in its order, each with its unlock date when the user has it. */
export function achievementTiles(unlocked: ProgressResponse['achievements']): AchievementTile[] {
  const dates = new Map(unlocked.map((a) => [a.achievement_id, a.unlocked_at]));
  return ACHIEVEMENTS.map(({ id, title, description }) => ({ id, title, description, unlockedAt: dates.get(id) ?? null }));
}
