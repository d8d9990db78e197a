import { groupIdSchema } from '#shared/groups/study-groups.ts';
import { membershipOf } from '../data/study-groups.ts';

/** Who may hear `group:<id>`: the group's members only (called by the WebSocket subscribe route). */
export async function canSubscribeToGroup(userId: string, groupId: string): Promise<boolean> {
  if (!groupIdSchema.safeParse(groupId).success) return false;
  return (await membershipOf(groupId, userId)) !== undefined;
}
