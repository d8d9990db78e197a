import { FRIEND_LIMITS, friendSearchSchema } from '#shared/social/friends.ts';
import { friendshipsOf, pendingRequests, studentsByEmailPrefix } from '../data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, json } from '../lib/http.ts';
import { fieldErrors } from '#shared/validation/auth.ts';

/**
 * GET /api/friends/search?q=: students whose e-mail starts with q (2–100 characters),
 * 10 at most, without the caller, their friends and anyone with a pending request either way.
 */
export const handler = httpHandler(async (event) => {
  const parsed = friendSearchSchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]!.message, fieldErrors(parsed.error) as Record<string, string>);
  const me = await requireCaller(event, ['student', 'admin']);
  const [friends, sent, received] = await Promise.all([friendshipsOf(me.user_id), pendingRequests(me.user_id, 'OUT'), pendingRequests(me.user_id, 'IN')]);
  const exclude = new Set([me.user_id, ...friends.map((f) => f.friendId), ...sent.map((r) => r.receiverId), ...received.map((r) => r.senderId)]);
  const users = await studentsByEmailPrefix(parsed.data.q, FRIEND_LIMITS.searchResults, exclude);
  return json(200, { users: users.map((u) => ({ user_id: u.userId, email: u.email })) });
});
