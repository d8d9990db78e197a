import { canPlayLevel, limitFor } from '#shared/entitlements.ts';
import { QUIZ_MESSAGES, startRoundRequestSchema } from '#shared/quiz/contracts.ts';
import { takeDailyRound } from '../data/daily-rounds.ts';
import { timeMultiplierOfProfile } from '../data/profiles.ts';
import { bookmarkedAmong } from '../data/reviews.ts';
import { getRound, type StoredRound } from '../data/rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound, TooManyRequests } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { buildRound, replayRound } from './build-round.ts';
import { challengeRound } from './challenge-round.ts';
import { saveRound } from './save-round.ts';
import { toPlayRound } from './to-play-round.ts';

/** The round as the browser sees it, with which of its questions the player has bookmarked already. */
async function withBookmarks(round: StoredRound) {
  return { ...toPlayRound(round), bookmarkedIds: await bookmarkedAmong(round.userId, round.questions.map((q) => q.id)) };
}

/** POST /api/quiz/rounds: the server picks the questions and keeps the answer key. */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, startRoundRequestSchema);
  const profile = await requireCaller(event, ['student', 'admin']);
  const now = new Date();
  if (!canPlayLevel(profile, request.level, now)) throw new Forbidden(QUIZ_MESSAGES.premiumLevel, 'premium_required');

  const previous = request.retryOf ? await getRound(profile.user_id, request.retryOf) : undefined;
  if (request.retryOf && (!previous || previous.subject !== request.subject || previous.level !== request.level)) {
    throw new NotFound('That round cannot be replayed');
  }
  // A round that climbed levels may hold questions the caller can no longer play (a trial ended).
  if (previous?.questions.some((q) => !canPlayLevel(profile, q.level, now))) throw new Forbidden(QUIZ_MESSAGES.premiumLevel, 'premium_required');

  // A friend challenge is one round per player, bounded by the challenge itself: it does not
  // use up one of today's rounds (and a refused count cannot strand a claimed challenge).
  if (request.challengeId) {
    const round = await challengeRound(profile, { ...request, challengeId: request.challengeId }, now);
    return json(201, await withBookmarks(await saveRound(round, profile, request.timeZone, now)));
  }

  // Drawn before counting, so a bank with no questions does not use up one of today's rounds.
  const round = previous ? replayRound(previous, request, now, timeMultiplierOfProfile(profile)) : await buildRound(profile, request, now);
  const limit = limitFor(profile, 'quiz_attempts_per_day', now);
  if (!(await takeDailyRound(profile.user_id, now, limit))) throw new TooManyRequests(QUIZ_MESSAGES.dailyLimit(limit));
  return json(201, await withBookmarks(await saveRound(round, profile, request.timeZone, now)));
});
