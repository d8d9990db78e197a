import { createHash } from 'node:crypto';
import type { NotificationType } from '#shared/notifications/notification.ts';
import { markFactRead } from './data/notifications.ts';

/** A fact's notification is keyed by its type and key: the same fact, the same hash (notify.ts). */
export const factKeyHash = (type: NotificationType, key: string): string => createHash('sha256').update(`${type}\n${key}`).digest('hex').slice(0, 16);

/**
 * The fact a notification announced was answered elsewhere (a friend request accepted on
 * /friends): its notification is read, so the bell stops counting it. Kept apart
 * from notify.ts so the answering handlers do not bundle the push client.
 */
export async function markAnsweredRead(userId: string, type: NotificationType, key: string): Promise<boolean> {
  return markFactRead(userId, factKeyHash(type, key));
}
