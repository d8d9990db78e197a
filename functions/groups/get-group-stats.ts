import { groupStats, groupStatsSchema } from '#shared/groups/study-groups.ts';
import { membersOf, progressOfMembers } from './data/study-groups.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupIdParam, requireGroupsCaller, requireMember } from './group-access.ts';

/**
 * GET /api/groups/{groupId}/stats: members' real attempts summed (quizzes, average score,
 * accuracy, points) from the per-level progress the quiz engine keeps; members only. At
 * most 100 members, each one query of at most 9 rows.
 */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  await requireMember(groupId, me.user_id);
  const members = await membersOf(groupId);
  return respond(groupStatsSchema, { stats: groupStats(await progressOfMembers(members.map((m) => m.user_id))) });
});
