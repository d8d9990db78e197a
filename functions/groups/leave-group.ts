import { GROUP_MESSAGES as M } from '#shared/groups/study-groups.ts';
import { leaveGroup } from '../data/study-groups.ts';
import { Forbidden } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { groupIdParam, requireGroupsCaller } from './group-access.ts';

/** POST /api/groups/{groupId}/leave: members may leave at any time (2-social §6), the admin too. */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  if (!(await leaveGroup(groupId, me.user_id))) throw new Forbidden(M.notMember, 'not_member');
  return noContent();
});
