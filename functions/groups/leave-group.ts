import { GROUP_MESSAGES as M } from '#shared/groups/study-groups.ts';
import { deleteSubscriptionsOf } from '../realtime/data/connections.ts';
import { handOverAdmin, leaveGroup, membershipOf } from './data/study-groups.ts';
import { Forbidden } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { groupIdParam, requireGroupsCaller } from './group-access.ts';

/**
 * POST /api/groups/{groupId}/leave: members may leave at any time (docs/social.md), the admin
 * too; then the longest-standing member becomes admin, so someone can still invite.
 */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  const membership = await membershipOf(groupId, me.user_id);
  if (!membership || !(await leaveGroup(groupId, me.user_id))) throw new Forbidden(M.notMember, 'not_member');
  await deleteSubscriptionsOf(me.user_id, `group:${groupId}`); // the chat stops reaching the leaver's open sockets
  if (membership.role === 'admin') await handOverAdmin(groupId);
  return noContent();
});
