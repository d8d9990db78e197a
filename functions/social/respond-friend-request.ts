import { CHANGE_TYPES } from '#shared/realtime/changes.ts';
import { requestAnsweredSchema } from '#shared/social/social-api.ts';
import { FRIEND_MESSAGES as M, requestResponseSchema } from '#shared/social/friends.ts';
import { receivedRequest, settleRequest } from './data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { pushToUser } from '../lib/push.ts';
import { markAnsweredRead } from '../notifications/fact-key.ts';
import { userIdParam } from './friend-route-params.ts';

/**
 * POST /api/friends/requests/{userId}/respond (userId: the sender): the receiver accepts or declines. The
 * request is read from the caller's own partition, so only its receiver can reach it.
 */
export const handler = httpHandler(async (event) => {
  const { accept } = parseBody(event, requestResponseSchema);
  const me = await requireCaller(event, ['student', 'admin']);
  const senderId = userIdParam(event, 'userId', M.requestNotFound);
  const request = await receivedRequest(me.user_id, senderId);
  if (!request) throw new NotFound(M.requestNotFound);
  const status = accept ? 'accepted' : 'declined';
  if (request.status !== 'pending' || !(await settleRequest(request, status, new Date().toISOString()))) {
    throw new Conflict('This request was already answered or cancelled', 'request_settled');
  }
  // Answered here: the bell's item announcing it (keyed as the notify consumer keys it) is read now.
  await markAnsweredRead(me.user_id, 'friend_request', `${senderId}#${request.createdAt}`).catch((error: unknown) =>
    log.warn('friend request notification not marked read', { error: String(error) }),
  );
  // The sender's open friends page asks again (its own list; the message carries nothing).
  await pushToUser(senderId, { type: CHANGE_TYPES.friends, data: {} });
  return respond(requestAnsweredSchema, { status });
});
