import { type ProgressResponse, progressResponseSchema } from '#shared/quiz/contracts.ts';
import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { canPlayLevel, limitFor } from '#shared/entitlements.ts';
import { roundsLeft } from '#shared/quiz/daily-limit.ts';
import { summariseSubjects } from '#shared/quiz/progress.ts';
import { localDate } from '#shared/dates.ts';
import { streakOn } from '#shared/quiz/streak.ts';
import { isTimeZone } from '#shared/quiz/time-zone.ts';
import { insights } from '#shared/insights.ts';
import { roundsPlayedToday } from './data/daily-rounds.ts';
import { achievements, attemptsSince, learnerTotals, levelProgressRows, recentActiveDays, recentAttempts } from './data/learner.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

const RECENT_ATTEMPTS = 5;

/**
 * GET /api/progress?tz=: everything the student dashboard shows about the caller —
 * subject and level progress, totals, streak, insights, recent attempts, achievements
 * and access — in one request (7 DynamoDB reads in parallel).
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const now = new Date();
  // The account's zone, as for its streak; the browser's only until a round has set one.
  const browserZone = event.queryStringParameters?.tz ?? 'UTC';
  const timeZone = profile.time_zone ?? (isTimeZone(browserZone) ? browserZone : 'UTC');
  const userId = profile.user_id;
  const [rows, totals, days, attempts, unlocked, playedToday, weekAttempts] = await Promise.all([
    levelProgressRows(userId),
    learnerTotals(userId),
    recentActiveDays(userId),
    recentAttempts(userId, RECENT_ATTEMPTS),
    achievements(userId),
    roundsPlayedToday(userId, now, timeZone),
    attemptsSince(userId, new Date(now.getTime() - 8 * 86_400_000)),
  ]);

  const subjects: ProgressResponse['subjects'] = summariseSubjects(SUBJECTS, LEVELS, rows);

  const limit = limitFor(profile, 'quiz_attempts_per_day', now);
  const body: ProgressResponse = {
    subjects,
    totals: { ...totals, streak: streakOn(days, localDate(now, timeZone)) },
    recentAttempts: attempts.map((a) => ({
      attemptId: String(a.attemptId),
      subject: a.subject as ProgressResponse['recentAttempts'][number]['subject'],
      level: a.level as ProgressResponse['recentAttempts'][number]['level'],
      mode: a.mode as 'practice' | 'competition',
      score: Number(a.score),
      total_questions: Number(a.total_questions),
      points: Number(a.points),
      time_spent: Number(a.time_spent),
      completed_at: String(a.completed_at),
    })),
    achievements: unlocked,
    insights: insights({ subjects, weekAttempts: weekAttempts.map((a) => ({ completedAt: String(a.completed_at) })), now, timeZone }),
    access: {
      levels: { beginner: canPlayLevel(profile, 'beginner', now), advanced: canPlayLevel(profile, 'advanced', now), expert: canPlayLevel(profile, 'expert', now) },
      // The same count the server refuses the next round by: rounds whose first answer was accepted today.
      roundsLeftToday: roundsLeft(limit, playedToday),
    },
  };
  return respond(progressResponseSchema, body);
});
