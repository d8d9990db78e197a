import { groupDetailSchema } from '#shared/groups/study-groups.ts';
import { membersOf } from './data/study-groups.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupIdParam, groupView, requireGroupsCaller, requireMember } from './group-access.ts';

/** GET /api/groups/{groupId}: the group and its members (admin first), for members only. */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  const { group, member } = await requireMember(groupId, me.user_id);
  const members = (await membersOf(groupId)).sort((a, b) => (a.role === b.role ? a.joined_at.localeCompare(b.joined_at) : a.role === 'admin' ? -1 : 1));
  return respond(groupDetailSchema, { group: groupView({ ...group, member_count: members.length }, member.role), members });
});
