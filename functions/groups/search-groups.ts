import { groupListSchema, groupSearchSchema } from '#shared/groups/study-groups.ts';
import { groupsOfUser, searchPublicGroups } from './data/study-groups.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupView, requireGroupsCaller } from './group-access.ts';

/** GET /api/groups/search?q=: public groups the caller has not joined whose name or description contains q (any case). */
export const handler = httpHandler(async (event) => {
  const parsed = groupSearchSchema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new BadRequest('Search must be at most 100 characters', { q: 'Search must be at most 100 characters' });
  const me = await requireGroupsCaller(event);
  const mine = new Set((await groupsOfUser(me.user_id)).map((m) => m.groupId));
  const groups = await searchPublicGroups(parsed.data.q, mine);
  return respond(groupListSchema, { groups: groups.map((g) => groupView(g, null)) });
});
