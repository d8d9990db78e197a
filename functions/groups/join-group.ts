import { GROUP_MESSAGES as M, groupCreatedSchema } from '#shared/groups/study-groups.ts';
import { getGroup, isInvited, joinGroup } from './data/study-groups.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupIdParam, groupView, requireGroupsCaller } from './group-access.ts';

/**
 * POST /api/groups/{groupId}/join: joins as a member. Refused when the group is full (the
 * count is checked in the same transaction as the join) or private without an invitation.
 */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  const group = await getGroup(groupId, true);
  if (!group) throw new NotFound(M.groupNotFound);
  // A private group without an invitation is not found: its existence is not shown to strangers.
  if (group.is_private && !(await isInvited(me.user_id, groupId))) throw new NotFound(M.groupNotFound);

  const outcome = await joinGroup(group, me, new Date().toISOString());
  if (outcome === 'already') throw new Conflict(M.alreadyMember, 'already_member');
  if (outcome === 'full') throw new Conflict(M.groupFull, 'group_full');
  if (outcome === 'private') throw new Forbidden(M.privateGroup, 'invitation_required');
  if (outcome === 'gone') throw new NotFound(M.groupNotFound);
  return respond(groupCreatedSchema, { group: groupView({ ...group, member_count: group.member_count + 1 }, 'member') });
});
