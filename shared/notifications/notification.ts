import * as z from 'zod';
import type { NotificationSettings } from './settings.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/**
 * In-app notifications (docs/social.md). The spec's types plus
 * friend_request (a friend request is not a challenge, but the friend-challenges toggle
 * covers both: the screen has no sixth toggle).
 */
export const NOTIFICATION_TYPES = ['streak', 'achievement', 'tournament', 'study_reminder', 'friend_challenge', 'friend_request', 'parent_link', 'class_invite'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * The setting that switches each type on or off; null: always on. A parent's or a teacher's
 * request asks for the student's consent, so it is never switched off (docs/social.md).
 */
export const TOGGLE_OF: Record<NotificationType, keyof Omit<NotificationSettings, 'quietHours' | 'preferredStudyTime'> | null> = {
  streak: 'streakReminders',
  achievement: 'achievementCelebrations',
  tournament: 'tournamentAlerts',
  study_reminder: 'studyReminders',
  friend_challenge: 'friendChallenges',
  friend_request: 'friendChallenges',
  parent_link: null,
  class_invite: null,
};

export const isEnabled = (settings: NotificationSettings, type: NotificationType): boolean => {
  const toggle = TOGGLE_OF[type];
  return toggle === null || settings[toggle];
};

/**
 * Consent requests also reach the bell at once, in quiet hours too: someone is waiting for
 * the answer now (a teacher in class, a parent beside the student), and they come only from
 * a person's own action, never from a schedule. A tournament alert too: it
 * only comes for a match the player registered for at that hour, and held until the morning
 * it would arrive after the match; switching tournament alerts off stops it. Every other
 * type waits for quiet hours to end.
 */
export const waitsForQuietHours = (type: NotificationType): boolean => TOGGLE_OF[type] !== null && type !== 'tournament';

/**
 * A request the student answers in the bell (Accept / Decline): which kind and whose. The id
 * rides in the action's URL (`/profile?parentLink=<parent id>`, `/dashboard?classInvite=<class id>`),
 * so the stored notification needs no extra field.
 */
export type ConsentRequest = { kind: 'parent_link' | 'class_invite'; id: string };

export function consentRequestOf(n: Pick<Notification, 'type' | 'action_url'>): ConsentRequest | undefined {
  if ((n.type !== 'parent_link' && n.type !== 'class_invite') || !n.action_url) return undefined;
  const param = n.type === 'parent_link' ? 'parentLink' : 'classInvite';
  const id = new URLSearchParams(n.action_url.split('?')[1] ?? '').get(param);
  return id && /^[0-9a-f-]{36}$/.test(id) ? { kind: n.type, id } : undefined;
}

/** The bell shows this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 20;
/** A browser notification that is not high priority closes after this long. */
export const BROWSER_NOTIFICATION_CLOSE_MS = 5000;
/** The bell asks for new items this often until live push arrives. */
export const NOTIFICATION_POLL_MS = 30_000;

/** A notification id: when it was delivered (UTC, to the second) and a key; sorts by delivery. */
export const notificationIdSchema = pathIdSchema(/^\d{8}T\d{6}Z-[0-9a-f]{16}$/, 33);

export const notificationSchema = z.object({
  id: notificationIdSchema,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  action_url: z.string().startsWith('/').optional(),
  action_text: z.string().optional(),
  priority: z.enum(PRIORITIES),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int().min(0) });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The notification store's messages (docs/social.md). */
export const NOTIFICATION_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  fetchFailed: 'Failed to fetch notifications',
  markReadFailed: 'Failed to mark notification as read',
  markAllFailed: 'Failed to mark all notifications as read',
  deleteFailed: 'Failed to delete notification',
  updatePreferencesFailed: 'Failed to update preferences',
  scheduleFailed: 'Failed to schedule study reminder',
  notFound: 'Notification not found',
} as const;

/** `2026-11-23T12:15:00.000Z` → `20261123T121500Z`: the sortable head of an id. */
export function compactInstant(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** POST /api/notifications/read-all: how many notifications were unread and are read now. */
export const markedAllSchema = z.object({ marked: z.number().int().min(0) });
