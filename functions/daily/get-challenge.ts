import { DAILY_MESSAGES, dailyChallengeResponseSchema } from '#shared/social/daily-challenge.ts';
import { getDailyChallenge, getDailyProgress } from './data/daily-challenges.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { challengeIdFrom, toDailyView, toProgressView } from './daily-view.ts';

/**
 * GET /api/daily-challenges/{challengeId}: the challenge (never its questions) and the
 * caller's own progress on its day; no one else's progress is ever read here.
 */
export const handler = httpHandler(async (event) => {
  const { date, level } = challengeIdFrom(event);
  const profile = await requireCaller(event, ['student', 'admin']);
  const [challenge, progress] = await Promise.all([getDailyChallenge(date, level), getDailyProgress(profile.user_id, date)]);
  if (!challenge) throw new NotFound(DAILY_MESSAGES.notFound);
  // The day's progress belongs to the challenge the caller played that day (another level's is not this one's).
  return respond(dailyChallengeResponseSchema, { challenge: toDailyView(challenge), progress: toProgressView(progress?.challenge_id === challenge.id ? progress : undefined) });
});
