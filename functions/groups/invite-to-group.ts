import { GROUP_MESSAGES as M, groupInvitationSchema, inviteSchema } from '#shared/groups/study-groups.ts';
import { areFriends } from '../social/data/friends.ts';
import { findProfileByEmail, getProfile } from '../profile/data/profiles.ts';
import { membershipOf, putInvitation } from './data/study-groups.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { groupIdParam, requireGroupsCaller, requireMember } from './group-access.ts';

/**
 * POST /api/groups/{groupId}/invitations {user_id | email}: the group admin invites a friend;
 * the invitation lets them join the group even when it is private (it is used up on joining).
 */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const input = parseBody(event, inviteSchema);
  const me = await requireGroupsCaller(event);
  const { member } = await requireMember(groupId, me.user_id);
  if (member.role !== 'admin') throw new Forbidden(M.onlyAdminInvites, 'not_group_admin');

  const invitee = 'user_id' in input ? await getProfile(input.user_id) : await findProfileByEmail(input.email);
  if (!invitee || invitee.role !== 'student' || !(await areFriends(me.user_id, invitee.user_id))) throw new NotFound(M.inviteeNotFriend);
  if (await membershipOf(groupId, invitee.user_id)) throw new Conflict(M.inviteeIsMember, 'already_member');
  await putInvitation(groupId, invitee.user_id, me.user_id, new Date().toISOString());
  return respond(groupInvitationSchema, { invitation: { group_id: groupId, user_id: invitee.user_id, email: invitee.email } }, 201);
});
