import { createGroupSchema, GROUP_LIMITS, GROUP_MESSAGES as M, groupCreatedSchema } from '#shared/groups/study-groups.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { createGroup } from './data/study-groups.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { groupView, requireGroupsCaller } from './group-access.ts';

/**
 * POST /api/groups: a new group; the creator is its first member, with role admin (docs/social.md).
 * Counted per account (RATE_RULES.groupCreate) and capped at 10 existing groups it created.
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, createGroupSchema);
  const me = await requireGroupsCaller(event);
  await enforceAccountRateLimit('groupCreate', me.user_id, Date.now());
  const group = await createGroup(input, me, new Date().toISOString(), GROUP_LIMITS.groupsPerAccount);
  if (group === 'limit') throw new Conflict(M.tooManyGroups, 'too_many_groups');
  if (group === 'busy') throw new Conflict(M.busy, 'busy');
  return respond(groupCreatedSchema, { group: groupView(group, 'admin') }, 201);
});
