import type { Profile } from '#shared/api.ts';
import type { Level } from '#shared/constants.ts';
import { canPlayLevel } from '#shared/entitlements.ts';
import { localDate } from '#shared/dates.ts';
import { roundTimeZone } from '#shared/quiz/time-zone.ts';
import { DAILY_MESSAGES, dailyChallengeIdSchema, dailyPlan, playableLevel, type DailyChallenge, type DailyProgress } from '#shared/social/daily-challenge.ts';
import type { StoredDailyChallenge, StoredDailyProgress } from './data/daily-challenges.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** What a player may see of a challenge: no questions, no answer key. */
export function toDailyView(c: StoredDailyChallenge): DailyChallenge {
  return { id: c.id, date: c.date, theme: c.theme, description: c.description, subject: c.subject, level: c.level, question_count: c.question_count, bonus_points: c.bonus_points };
}

export function toProgressView(p: StoredDailyProgress | undefined): DailyProgress | null {
  if (!p) return null;
  return {
    challenge_date: p.challenge_date,
    completed: p.completed,
    score: p.score,
    total_questions: p.total_questions,
    bonus_earned: p.bonus_earned,
    streak_count: p.streak_count,
    completed_at: p.completed_at,
    round_points: p.round_points,
  };
}

/**
 * The caller's day and level: the day is the calendar date in the account's time zone (the
 * browser's zone only as rounds would take it), and the level the day's own when the
 * caller's plan allows it, else the hardest one it does.
 */
export function callerDay(profile: Profile, requestedZone: string, now: Date): { date: string; level: Level; timeZone: string } {
  const { timeZone } = roundTimeZone({ timeZone: profile.time_zone, changedAt: profile.time_zone_changed_at }, requestedZone, now);
  const date = localDate(now, timeZone);
  return { date, timeZone, level: playableLevel(dailyPlan(date).level, (level) => canPlayLevel(profile, level, now)) };
}

/** The `{challengeId}` of the path; one that cannot exist is a challenge not found. */
export function challengeIdFrom(event: HttpEvent): { id: string; date: string; level: Level } {
  const parsed = dailyChallengeIdSchema.safeParse(event.pathParameters?.challengeId);
  if (!parsed.success) throw new NotFound(DAILY_MESSAGES.notFound);
  return parsed.data;
}
