import { createHash } from 'node:crypto';
import { compactInstant, isEnabled, type NotificationType, type Priority } from '#shared/notifications/notification.ts';
import { deliveryTime } from '#shared/notifications/quiet-hours.ts';
import { DEFAULT_SETTINGS, type NotificationSettings } from '#shared/notifications/settings.ts';
import { getSettings, putNotificationOnce } from '../data/notifications.ts';
import { getProfile } from '../data/profiles.ts';

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
 * Stores a notification for a user as their settings say (2-social §2, §9): a type that
 * is switched off makes nothing; one made in quiet hours is held until they end (the list
 * shows only delivered items, so neither the bell nor a browser pop-up shows it sooner).
 * A deleted account gets nothing.
 */
export async function notify(userId: string, input: NotifyInput): Promise<NotifyResult> {
  const to = await recipient(userId);
  if (!to) return 'no-account';
  if (!isEnabled(to.settings, input.type)) return 'disabled';
  const deliverAt = deliveryTime(new Date(input.occurredAt), to.timeZone, to.settings.quietHours);
  const keyHash = createHash('sha256').update(`${input.type}\n${input.key}`).digest('hex').slice(0, 16);
  return putNotificationOnce(userId, {
    id: `${compactInstant(deliverAt)}-${keyHash}`,
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
}
