import { createGroupSchema } from '#shared/groups/study-groups.ts';
import { createGroup } from '../data/study-groups.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { groupView, requireGroupsCaller } from './group-access.ts';

/** POST /api/groups: a new group; the creator is its first member, with role admin (2-social §4). */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, createGroupSchema);
  const me = await requireGroupsCaller(event);
  const group = await createGroup(input, me, new Date().toISOString());
  return json(201, { group: groupView(group, 'admin') });
});
