import { requestCancelledSchema } from '#shared/social/social-api.ts';
import { FRIEND_MESSAGES as M } from '#shared/social/friends.ts';
import { requestBetween, settleRequest } from './data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { userIdParam } from './friend-route-params.ts';

/** POST /api/friends/requests/{userId}/cancel (userId: the receiver): the sender withdraws a pending request (the sender only). */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const receiverId = userIdParam(event, 'userId', M.requestNotFound);
  const request = await requestBetween(me.user_id, receiverId);
  if (!request) throw new NotFound(M.requestNotFound);
  if (request.status !== 'pending' || !(await settleRequest(request, 'cancelled', new Date().toISOString()))) {
    throw new Conflict('This request was already answered or cancelled', 'request_settled');
  }
  return respond(requestCancelledSchema, { status: 'cancelled' });
});
