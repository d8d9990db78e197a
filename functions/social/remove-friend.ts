import { FRIEND_MESSAGES as M } from '#shared/social/friends.ts';
import { deleteFriendship } from './data/friends.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { userIdParam } from './friend-route-params.ts';

/** DELETE /api/friends/{userId}: ends the friendship in both directions at once. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student', 'admin']);
  const friendId = userIdParam(event, 'userId', M.friendNotFound);
  if (!(await deleteFriendship(me.user_id, friendId))) throw new NotFound(M.friendNotFound);
  return noContent();
});
