import { challengeResponseSchema } from '#shared/social/social-api.ts';
import { randomBytes } from 'node:crypto';
import { canPlayLevel } from '#shared/entitlements.ts';
import { QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { CHALLENGE_EXPIRY_MS, CHALLENGE_MESSAGES as M, sendChallengeSchema } from '#shared/social/friend-challenge.ts';
import { putChallenge } from './data/challenges.ts';
import { areFriends } from './data/friends.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';
import { drawQuestions } from '../quiz/build-round.ts';
import { challengeView } from './challenge-view.ts';

/**
 * POST /api/challenges: challenges a friend. The questions are drawn now and kept with the
 * challenge, so both players get the same ones; it expires after 7 days.
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, sendChallengeSchema);
  const me = await requireCaller(event, ['student', 'admin']);
  const now = new Date();
  const [friends, friend] = await Promise.all([areFriends(me.user_id, input.friendId), getProfile(input.friendId)]);
  if (!friends || !friend) throw new Forbidden(M.notFriends, 'not_friends');
  if (!canPlayLevel(me, input.level, now) || !canPlayLevel(friend, input.level, now)) throw new Forbidden(M.levelLocked, 'premium_required');

  const questions = await drawQuestions(input.subject, input.level, input.questionCount);
  if (questions.length < input.questionCount) throw new NotFound(QUIZ_MESSAGES.noQuestions(input.subject, input.level));
  const challenge = {
    id: randomBytes(12).toString('hex'),
    challengerId: me.user_id,
    challengerEmail: me.email,
    challengedId: friend.user_id,
    challengedEmail: friend.email,
    subject: input.subject,
    level: input.level,
    questionCount: input.questionCount,
    timeLimitSec: input.timeLimitSec,
    message: input.message,
    status: 'pending' as const,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CHALLENGE_EXPIRY_MS).toISOString(),
    questions,
  };
  await putChallenge(challenge);
  // The challenged player's bell hears of it through ChallengeSent; the challenge stands even if that fails.
  await publish('ChallengeSent', {
    challengeId: challenge.id,
    challengerId: me.user_id,
    challengerEmail: me.email,
    challengedId: friend.user_id,
    subject: challenge.subject,
    level: challenge.level,
    questionCount: challenge.questionCount,
    createdAt: challenge.createdAt,
  }).catch((error: unknown) => log.warn('ChallengeSent not published', { error: String(error) }));
  return respond(challengeResponseSchema, { challenge: challengeView({ ...challenge, rounds: {}, attempts: {} }, me.user_id, now) }, 201);
});
