/** The daily challenge's rules (docs/social.md): bonus, challenge streak, completion screen. */
import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { roundSchema } from '../quiz/contracts.ts';
import { addDays, dayStartMs, DAY_MS } from '../dates.ts';
import { pathIdSchema } from '../validation/path-id.ts';

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
  return last && last.day === addDays(today, -1) ? last.streak + 1 : 1;
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

/** Questions in one daily challenge (docs/social.md: the question lookup defaults to 5). */
export const DAILY_QUESTION_COUNT = 5;

/**
 * Bonus points on offer, by level (the spec leaves the number to the generator): a harder
 * day is worth more, so the bonus keeps pace with the points a round already earns.
 */
export const DAILY_BONUS_POINTS: Readonly<Record<Level, number>> = { beginner: 50, advanced: 75, expert: 100 };

export const DAILY_MESSAGES = {
  alreadyCompleted: "You have already completed today's daily challenge",
  notToday: "This is not today's daily challenge",
  notFound: 'Daily challenge not found',
  noQuestions: 'No questions are available for this daily challenge',
} as const;

/** Whole days since 1970-01-01 of a YYYY-MM-DD date. */
const dayNumber = (date: string): number => Math.round(dayStartMs(date) / DAY_MS);

/**
 * The subject and level of a day: the subject changes every day and the level every three
 * days, so any nine consecutive days hold each subject and level pair exactly once.
 */
export function dailyPlan(date: string): { subject: Subject; level: Level } {
  const n = dayNumber(date);
  return { subject: SUBJECTS[((n % 3) + 3) % 3]!, level: LEVELS[((Math.floor(n / 3) % 3) + 3) % 3]! };
}

/**
 * The level a player gets on a day: the day's level when their plan allows it, otherwise
 * the hardest easier level it allows (beginner is open to everyone).
 */
export function playableLevel(dayLevel: Level, canPlay: (level: Level) => boolean): Level {
  for (let i = LEVELS.indexOf(dayLevel); i > 0; i--) if (canPlay(LEVELS[i]!)) return LEVELS[i]!;
  return 'beginner';
}

/** The id of a day's challenge at one level (dates and levels are public, so the id hides nothing). */
export const dailyChallengeId = (date: string, level: Level): string => `${date}-${level}`;

export const dailyChallengeIdSchema = pathIdSchema(/^\d{4}-\d{2}-\d{2}-(beginner|advanced|expert)$/, 19)
  .transform((id) => ({ id, date: id.slice(0, 10), level: id.slice(11) as Level }))
  .refine((parsed) => !Number.isNaN(dayStartMs(parsed.date)), 'Invalid format');

/** The dates from `from` on, `days` of them (YYYY-MM-DD, UTC calendar). */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

/** Milestone text of the completion screen at 3, 7, 14, 30 and beyond. */
export function milestoneText(streak: number): string | null {
  if (streak > 30) return `${streak}-day streak: a legend of the daily challenge!`;
  if (streak === 30) return '30-day milestone: a month of daily challenges!';
  if (streak === 14) return '14-day milestone: two weeks strong!';
  if (streak === 7) return '7-day milestone: a full week!';
  if (streak === 3) return '3-day milestone: the habit is forming!';
  return null;
}

/** A daily challenge as players see it: never its questions. */
export const dailyChallengeSchema = z.object({
  id: z.string(),
  date: z.string(),
  theme: z.string(),
  description: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  question_count: z.number().int(),
  bonus_points: z.number().int(),
});
export type DailyChallenge = z.infer<typeof dailyChallengeSchema>;

/** The caller's progress on a day (docs/social.md). */
export const dailyProgressSchema = z.object({
  challenge_date: z.string(),
  completed: z.boolean(),
  score: z.number().int().nullable(),
  total_questions: z.number().int(),
  bonus_earned: z.number().int(),
  streak_count: z.number().int(),
  completed_at: z.string().nullable(),
  /** The points of the round itself, before the bonus. */
  round_points: z.number().int().nullable(),
});
export type DailyProgress = z.infer<typeof dailyProgressSchema>;

export const dailyChallengeResponseSchema = z.object({
  challenge: dailyChallengeSchema.nullable(),
  progress: dailyProgressSchema.nullable(),
});
export type DailyChallengeResponse = z.infer<typeof dailyChallengeResponseSchema>;

export const startDailyRequestSchema = z.object({ timeZone: z.string().max(64).default('UTC') });

export const startDailyResponseSchema = z.object({
  round: roundSchema,
  /** Questions already answered (a reload resumes at the next one). */
  answered: z.number().int().min(0),
  bonus_points: z.number().int(),
});
export type StartDailyResponse = z.infer<typeof startDailyResponseSchema>;

const SUBJECT_NAMES: Readonly<Record<Subject, string>> = { geography: 'Geography', history: 'History', religion: 'Religion' };

/** The theme and description a day's challenge is shown with. */
export function dailyTheme(subject: Subject, level: Level, questionCount: number, bonusPoints: number): { theme: string; description: string } {
  return {
    theme: `${SUBJECT_NAMES[subject]} ${level.charAt(0).toUpperCase()}${level.slice(1)} Challenge`,
    description: `${questionCount} ${level} ${subject} questions. A full score earns ${bonusPoints} bonus points, 80% or more earns ${Math.floor(bonusPoints / 2)}.`,
  };
}

/** POST /api/daily-challenges/generate-upcoming (admins): the days created ahead, as YYYY-MM-DD. */
export const generateUpcomingResponseSchema = z.object({ success: z.literal(true), created: z.number().int().min(0), dates: z.array(z.string()) });
