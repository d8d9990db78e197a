import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { GROUP_MESSAGES as M, groupIdSchema, type GroupRole } from '#shared/groups/study-groups.ts';
import { getGroup, membershipOf, type Group, type Member } from './data/study-groups.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A student (or admin) with the study_groups feature: free accounts are refused (docs/social.md). */
export async function requireGroupsCaller(event: HttpEvent): Promise<Profile> {
  const me = await requireCaller(event, ['student', 'admin']);
  if (!canUse(me, 'study_groups', new Date())) throw new Forbidden(M.premiumRequired, 'premium_required');
  return me;
}

/** The group id from the path; anything that cannot be one is simply not found. */
export function groupIdParam(event: HttpEvent): string {
  const parsed = groupIdSchema.safeParse(event.pathParameters?.groupId);
  if (!parsed.success) throw new NotFound(M.groupNotFound);
  return parsed.data;
}

/**
 * The group and the caller's membership; a non-member is refused with nothing of the group: 403
 * for a public group (search shows it anyway), and for a private one exactly the answer of a
 * group that does not exist, so its existence cannot be tested.
 */
export async function requireMember(groupId: string, userId: string): Promise<{ group: Group; member: Member }> {
  const [group, member] = await Promise.all([getGroup(groupId), membershipOf(groupId, userId)]);
  if (!group || (!member && group.is_private)) throw new NotFound(M.groupNotFound);
  if (!member) throw new Forbidden(M.notMember, 'not_member');
  return { group, member };
}

/** A group as the caller sees it. */
export function groupView(group: Group, myRole: GroupRole | null, invited?: boolean) {
  return { ...group, my_role: myRole, ...(invited === undefined ? {} : { invited }) };
}
