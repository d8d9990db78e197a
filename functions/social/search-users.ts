import { userSearchResponseSchema } from '#shared/social/social-api.ts';
import { friendSearchSchema, maskedEmail } from '#shared/social/friends.ts';
import { friendshipsOf, pendingRequests } from './data/friends.ts';
import { findProfileByEmail } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { fieldErrors } from '#shared/validation/field-errors.ts';

/**
 * GET /api/friends/search?q=: the student whose address is q, whole and in any case (a
 * prefix would list strangers' full addresses). The one match comes masked, and
 * not at all when it is the caller, a friend or anyone with a pending request either way.
 */
export const handler = httpHandler(async (event) => {
  const parsed = friendSearchSchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]!.message, fieldErrors(parsed.error) as Record<string, string>);
  const me = await requireCaller(event, ['student', 'admin']);
  const [found, friends, sent, received] = await Promise.all([
    findProfileByEmail(parsed.data.q),
    friendshipsOf(me.user_id),
    pendingRequests(me.user_id, 'OUT'),
    pendingRequests(me.user_id, 'IN'),
  ]);
  const exclude = new Set([me.user_id, ...friends.map((f) => f.friendId), ...sent.map((r) => r.receiverId), ...received.map((r) => r.senderId)]);
  const match = found && found.role === 'student' && !exclude.has(found.user_id) ? [{ user_id: found.user_id, email: maskedEmail(found.email) }] : [];
  return respond(userSearchResponseSchema, { users: match });
});
