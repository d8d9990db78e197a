import { NOTIFICATION_CREATED } from '#shared/notifications/live.ts';
import { compactInstant, isEnabled, waitsForQuietHours, type Notification, type NotificationType, type Priority } from '#shared/notifications/notification.ts';
import { deliveryTime } from '#shared/notifications/quiet-hours.ts';
import { DEFAULT_SETTINGS, type NotificationSettings } from '#shared/notifications/settings.ts';
import { getSettings, putNotificationOnce } from './data/notifications.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { pushToUser } from '../lib/push.ts';
import { factKeyHash } from './fact-key.ts';

export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
  priority: Priority;
  actionUrl?: string;
  actionText?: string;
  /** When the fact happened (from the event, so a redelivery computes the same item). */
  occurredAt: string;
  /** Names the fact: the same key is notified once, however often its event arrives. */
  key: string;
  /** The other person the text names, if any: their Delete Account removes it too. */
  aboutUserId?: string;
}

export type NotifyResult = 'created' | 'duplicate' | 'disabled' | 'no-account';

/** The account's settings (the defaults until saved) and time zone (UTC until its first round sets one). */
export async function recipient(userId: string): Promise<{ settings: NotificationSettings; timeZone: string } | undefined> {
  const [profile, saved] = await Promise.all([getProfile(userId), getSettings(userId)]);
  if (!profile) return undefined;
  return { settings: saved ?? DEFAULT_SETTINGS, timeZone: profile.time_zone ?? 'UTC' };
}

/**
 * Stores a notification for a user as their settings say (docs/social.md): a type that
 * is switched off makes nothing; one made in quiet hours is held until they end (the list
 * shows only delivered items, so neither the bell nor a browser pop-up shows it sooner),
 * except a consent request (`waitsForQuietHours`).
 * A deleted account gets nothing. One delivered at once is also pushed to the account's
 * open connections (`notification.created`).
 */
export async function notify(userId: string, input: NotifyInput): Promise<NotifyResult> {
  const to = await recipient(userId);
  if (!to) return 'no-account';
  if (!isEnabled(to.settings, input.type)) return 'disabled';
  const occurredAt = new Date(input.occurredAt);
  const deliverAt = waitsForQuietHours(input.type) ? deliveryTime(occurredAt, to.timeZone, to.settings.quietHours) : occurredAt;
  const keyHash = factKeyHash(input.type, input.key);
  const id = `${compactInstant(deliverAt)}-${keyHash}`;
  const result = await putNotificationOnce(userId, {
    id,
    keyHash,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl,
    actionText: input.actionText,
    priority: input.priority,
    createdAt: input.occurredAt,
    deliverAt,
    aboutUserId: input.aboutUserId,
  });
  // Delivered now (not held for quiet hours): an open bell shows it at once.
  if (result === 'created' && deliverAt.getTime() <= Date.now()) {
    const item: Notification = {
      id,
      type: input.type,
      title: input.title,
      message: input.message,
      ...(input.actionUrl ? { action_url: input.actionUrl } : {}),
      ...(input.actionText ? { action_text: input.actionText } : {}),
      priority: input.priority,
      created_at: input.occurredAt,
      read: false,
    };
    await pushToUser(userId, { type: NOTIFICATION_CREATED, data: item });
  }
  return result;
}
