import { changeAudience, type ChangeType } from '#shared/realtime/changes.ts';
import { pushToUser } from '../lib/push.ts';

/**
 * Tells each account whose feed or friend board now shows an actor's activity that it
 * changed, on its own `user:<id>` topic (which only that account can hear). The audience is
 * the one the consumer just wrote for (the actor's current friends), so nobody is told of a
 * change they could not fetch, and the message holds no data of it. A push is a courtesy:
 * pushToUser never throws, and a screen without a socket polls as before.
 */
export async function pushChange(type: ChangeType, actorId: string, readerIds: readonly string[]): Promise<void> {
  await Promise.all(changeAudience(actorId, readerIds).map((userId) => pushToUser(userId, { type, data: {} })));
}
