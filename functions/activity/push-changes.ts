import { changeAudience, type ChangeType } from '#shared/realtime/changes.ts';
import { friendIdsNow } from '../social/data/friends.ts';
import { pushToUser } from '../lib/push.ts';

/**
 * Tells each account whose feed or friend board now shows an actor's activity that it
 * changed, on its own `user:<id>` topic (which only that account can hear). The readers are
 * the ones the consumer wrote for, but the friendship is read again right before the push
 * (one consistent query of the actor's friends): a friend removed since, or before a late
 * event, is not told, whatever the readers were. The message holds no data of the change. A
 * push is a courtesy: pushToUser never throws, and a screen without a socket polls as before.
 */
export async function pushChange(type: ChangeType, actorId: string, readerIds: readonly string[]): Promise<void> {
  const friendsNow = readerIds.some((id) => id !== actorId) ? await friendIdsNow(actorId) : new Set<string>();
  await Promise.all(changeAudience(actorId, readerIds, friendsNow).map((userId) => pushToUser(userId, { type, data: {} })));
}
