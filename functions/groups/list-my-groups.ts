import { myGroupsSchema } from '#shared/groups/study-groups.ts';
import { getGroups, groupsOfUser, invitationsOf } from './data/study-groups.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupView, requireGroupsCaller } from './group-access.ts';

/** GET /api/groups: the caller's groups with member count and their role, and the private groups they are invited to. */
export const handler = httpHandler(async (event) => {
  const me = await requireGroupsCaller(event);
  const [memberships, invitedTo] = await Promise.all([groupsOfUser(me.user_id), invitationsOf(me.user_id)]);
  const roles = new Map(memberships.map((m) => [m.groupId, m.role]));
  const invitedOnly = invitedTo.filter((id) => !roles.has(id));
  const groups = await getGroups([...roles.keys(), ...invitedOnly]);
  const byId = new Map(groups.map((g) => [g.id, g]));
  return respond(myGroupsSchema, {
    groups: [...roles].flatMap(([id, role]) => (byId.has(id) ? [groupView(byId.get(id)!, role)] : [])),
    invitations: invitedOnly.flatMap((id) => (byId.has(id) ? [groupView(byId.get(id)!, null, true)] : [])),
  });
});
