import { canUse } from '#shared/entitlements.ts';
import { groupIdSchema } from '#shared/groups/study-groups.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { membershipOf } from './data/study-groups.ts';

/**
 * Who may hear `group:<id>` (called by the WebSocket subscribe route): the group's members
 * only, and only while their account has study_groups (a trial that ended hears no more,
 * as it can read no more).
 */
export async function canSubscribeToGroup(userId: string, groupId: string): Promise<boolean> {
  if (!groupIdSchema.safeParse(groupId).success) return false;
  const [member, profile] = await Promise.all([membershipOf(groupId, userId), getProfile(userId)]);
  return member !== undefined && canUse(profile, 'study_groups', new Date());
}
