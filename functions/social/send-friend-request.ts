import { sentRequestResponseSchema } from '#shared/social/social-api.ts';
import { FRIEND_MESSAGES as M, friendRequestSchema } from '#shared/social/friends.ts';
import { areFriends, putPendingRequest, requestBetween } from './data/friends.ts';
import { findProfileByEmail } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';

/** POST /api/friends/requests: a friend request by e-mail, with an optional message (docs/social.md). */
export const handler = httpHandler(async (event) => {
  const { email, message } = parseBody(event, friendRequestSchema);
  const me = await requireCaller(event, ['student', 'admin']);
  const target = await findProfileByEmail(email);
  if (!target || target.role !== 'student') throw new NotFound(M.userNotFound);
  if (target.user_id === me.user_id) throw new BadRequest(M.notYourself, { email: M.notYourself });

  const [friends, mine, theirs] = await Promise.all([
    areFriends(me.user_id, target.user_id),
    requestBetween(me.user_id, target.user_id),
    requestBetween(target.user_id, me.user_id),
  ]);
  if (friends) throw new Conflict(M.alreadyFriends, 'already_friends');
  if (mine?.status === 'pending') throw new Conflict(M.alreadySent, 'already_sent');
  if (mine?.status === 'declined') throw new Conflict(M.previouslyDeclined, 'previously_declined');
  if (theirs?.status === 'pending') throw new Conflict(M.theyAskedFirst, 'they_asked_first');

  const request = { senderId: me.user_id, receiverId: target.user_id, senderEmail: me.email, receiverEmail: target.email, message, createdAt: new Date().toISOString() };
  // Someone else's click may have won meanwhile (a second tab, the other person accepting).
  if (!(await putPendingRequest(request))) throw new Conflict(M.alreadySent, 'already_sent');
  // The receiver's bell hears of it through FriendRequestSent; the request stands even if that fails.
  await publish('FriendRequestSent', { senderId: me.user_id, senderEmail: me.email, receiverId: target.user_id, createdAt: request.createdAt }).catch((error: unknown) =>
    log.warn('FriendRequestSent not published', { error: String(error) }),
  );
  return respond(sentRequestResponseSchema, { request: { id: target.user_id, receiver_id: target.user_id, receiver_email: target.email, message, status: 'pending', created_at: request.createdAt } }, 201);
});
