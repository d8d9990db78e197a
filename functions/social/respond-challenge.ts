import { CHANGE_TYPES } from '#shared/realtime/changes.ts';
import { challengeResponseSchema } from '#shared/social/social-api.ts';
import { challengeIdSchema, CHALLENGE_MESSAGES as M, isExpired } from '#shared/social/friend-challenge.ts';
import { requestResponseSchema } from '#shared/social/friends.ts';
import { answerChallenge, getChallenge } from './data/challenges.ts';
import { areFriends } from './data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, Gone, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { pushToUser } from '../lib/push.ts';
import { markAnsweredRead } from '../notifications/fact-key.ts';
import { challengeView } from './challenge-view.ts';

/** POST /api/challenges/{challengeId}/respond: the challenged player accepts or declines (them only). */
export const handler = httpHandler(async (event) => {
  const { accept } = parseBody(event, requestResponseSchema);
  const me = await requireCaller(event, ['student', 'admin']);
  const id = challengeIdSchema.safeParse(event.pathParameters?.challengeId);
  const challenge = id.success ? await getChallenge(id.data) : undefined;
  // Someone else's challenge is not found, whoever asks.
  if (!challenge || challenge.challengedId !== me.user_id) throw new NotFound(M.notFound);
  const now = new Date();
  if (isExpired(Date.parse(challenge.expiresAt), now.getTime())) throw new Gone(M.expired, 'challenge_expired');
  const answered = await answerChallenge(challenge.id, me.user_id, accept ? 'accepted' : 'declined', now);
  if (!answered) throw new Conflict(M.settled, 'challenge_settled');
  // Answered here: the bell's "challenged you" item (keyed as the notify consumer keys it) is read now.
  await markAnsweredRead(me.user_id, 'friend_challenge', `received#${challenge.id}`).catch((error: unknown) =>
    log.warn('challenge notification not marked read', { error: String(error) }),
  );
  // The challenger's open challenges ask again (their own list; the message carries nothing),
  // while the two are still friends: one who removed the other hears nothing more of them.
  if (await areFriends(challenge.challengerId, me.user_id)) await pushToUser(challenge.challengerId, { type: CHANGE_TYPES.challenges, data: {} });
  return respond(challengeResponseSchema, { challenge: challengeView(answered, me.user_id, now) });
});
