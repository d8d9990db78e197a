import { QUIZ_MESSAGES, roundSchema, startRoundRequestSchema } from '#shared/quiz/contracts.ts';
import { canPlayLevel, limitFor } from '#shared/entitlements.ts';
import { dailyLimitDetails, hasRoundsLeft } from '#shared/quiz/daily-limit.ts';
import { ROUND_MAX_MS, resumableRound } from '#shared/quiz/round-life.ts';
import { roundTimeZone } from '#shared/quiz/time-zone.ts';
import { roundsPlayedToday } from './data/daily-rounds.ts';
import { timeMultiplierOfProfile } from '../profile/data/profiles.ts';
import { bookmarkedAmong } from '../review/data/reviews.ts';
import { activeRounds, getRound, type StoredRound } from './data/rounds.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound, TooManyRequests } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { buildRound, replayRound } from './build-round.ts';
import { challengeRound, openChallengeRound } from './challenge-round.ts';
import { settleLeftRounds } from './left-rounds.ts';
import { saveRound } from './save-round.ts';
import { toPlayRound } from './to-play-round.ts';

/** The round as the browser sees it, with which of its questions the player has bookmarked already. */
async function withBookmarks(round: StoredRound, now: Date) {
  return { ...toPlayRound(round, now.getTime()), bookmarkedIds: await bookmarkedAmong(round.userId, round.questions.map((q) => q.id)) };
}

/**
 * POST /api/quiz/rounds: the server picks the questions and keeps the answer key. A start
 * while an ordinary round with the same settings is in play resumes it (200) instead of
 * drawing another (201); starting costs nothing: a round counts against the free daily
 * limit when its first answer is accepted (shared/quiz/daily-limit.ts, answer-question.ts).
 */
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
    const open = await openChallengeRound(profile, request.challengeId, now);
    if (open && open.subject === request.subject && open.level === request.level) return respond(roundSchema, await withBookmarks(open, now));
    const round = await challengeRound(profile, { ...request, challengeId: request.challengeId }, now);
    return respond(roundSchema, await withBookmarks(await saveRound(round, profile, request.timeZone, now), now), 201);
  }

  // The day is the account's (the zone this round would be stored with).
  const { timeZone } = roundTimeZone({ timeZone: profile.time_zone, changedAt: profile.time_zone_changed_at }, request.timeZone, now);
  const limit = limitFor(profile, 'quiz_attempts_per_day', now);
  const [inPlay, played] = await Promise.all([activeRounds(profile.user_id, now.getTime() - ROUND_MAX_MS), roundsPlayedToday(profile.user_id, now, timeZone)]);
  await settleLeftRounds(inPlay, now);

  // Retry Same Questions asks for a new round by name; any other start resumes the round in play.
  const resumable = request.retryOf ? undefined : resumableRound(inPlay, request, now.getTime());
  // A round already counted goes on even at the limit; one never answered would be refused at its first answer.
  if (resumable && (resumable.answers.length > 0 || hasRoundsLeft(limit, played))) return respond(roundSchema, await withBookmarks(resumable, now));
  if (!hasRoundsLeft(limit, played)) throw new TooManyRequests(QUIZ_MESSAGES.dailyLimit(limit), 'daily_limit', dailyLimitDetails(limit, played, now, timeZone));

  // Drawn only now, so a refused start reads no questions.
  const drawn = previous ? replayRound(previous, request, now, timeMultiplierOfProfile(profile)) : await buildRound(profile, request, now);
  const round = { ...drawn, countsAgainstLimit: true, ...(request.focus ? { focus: request.focus } : {}) };
  return respond(roundSchema, await withBookmarks(await saveRound(round, profile, request.timeZone, now), now), 201);
});
