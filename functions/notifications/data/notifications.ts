import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { compactInstant, notificationSchema, type Notification, type NotificationType, type Priority } from '#shared/notifications/notification.ts';
import { notificationSettingsSchema, type NotificationSettings } from '#shared/notifications/settings.ts';
import { addDays } from '#shared/dates.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import { writeItems } from '../../data/batch-write.ts';
import { queryPages } from '../../data/paging.ts';
import * as keys from '../../data/table-keys.ts';
import { transactWrite, tryTransactWrite, type TransactItems } from '../../data/transact.ts';
import { queryUserRange } from '../../data/user-rows.ts';

/**
 * Notifications, their settings and the study reminders waiting to be sent (docs/social.md),
 * all in the user's own partition, so Delete Account removes them with the rest.
 */

/** Old notifications expire: the bell shows 20, and "mark all read" stays bounded. */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

export interface NewNotification {
  /** `<delivered at, compact>-<key hash>`; the list shows only ids at or before now. */
  id: string;
  keyHash: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | undefined;
  actionText?: string | undefined;
  priority: Priority;
  createdAt: string;
  deliverAt: Date;
  /** The other person the notification names (a friend request's sender): it goes when their account does. */
  aboutUserId?: string | undefined;
}

/**
 * Every write made for someone by a consumer or the scheduler checks, in the same
 * transaction, that their account still exists: Delete Account may be running at the same
 * moment, and nothing of a deleted account may appear after it.
 */
const accountExists = (userId: string) => ({ ConditionCheck: { TableName: env().TABLE_NAME, Key: keys.profile(userId), ConditionExpression: 'attribute_exists(pk)' } });

/** Which of a cancelled transaction's conditions failed, by position (none: it was cancelled for another reason). */
const failedConditions = (codes: readonly string[]): number[] => codes.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));

/** Stores a notification once per key hash: 'duplicate' when that fact was already notified, 'no-account' when the account is gone. */
export async function putNotificationOnce(userId: string, n: NewNotification): Promise<'created' | 'duplicate' | 'no-account'> {
  const ttl = ttlSeconds(n.deliverAt.getTime() + KEEP_MS);
  const item = {
    ...keys.notification(userId, n.id),
    type: 'notification',
    user_id: userId,
    id: n.id,
    kind: n.type,
    title: n.title,
    message: n.message,
    action_url: n.actionUrl,
    action_text: n.actionText,
    priority: n.priority,
    created_at: n.createdAt,
    deliver_at: n.deliverAt.toISOString(),
    read: false,
    ttl,
    ...(n.aboutUserId ? keys.notificationAbout(n.aboutUserId, n.createdAt) : {}),
  };
  const cancelled = await tryTransactWrite([
    // The fact's marker also names its item, so answering the fact can find it (markFactRead).
    { Put: { TableName: env().TABLE_NAME, Item: { ...keys.notificationOnce(userId, n.keyHash), type: 'notification-key', notification_id: n.id, ttl }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: env().TABLE_NAME, Item: item } },
    accountExists(userId),
    ...(n.aboutUserId ? [accountExists(n.aboutUserId)] : []),
  ]);
  if (!cancelled) return 'created';
  const failed = failedConditions(cancelled.codes);
  if (failed.length === 0) throw cancelled.error;
  return failed.includes(0) ? 'duplicate' : 'no-account';
}

const fromItem = (item: Record<string, unknown>): Notification =>
  notificationSchema.parse({
    id: item.id,
    type: item.kind,
    title: item.title,
    message: item.message,
    action_url: item.action_url ?? undefined,
    action_text: item.action_text ?? undefined,
    priority: item.priority,
    created_at: item.created_at,
    read: item.read === true,
  });

/** Sort keys of notifications delivered by `now`: held ones (quiet hours) sort after it. */
const deliveredRange = (now: Date) => ['NOTIF#', `NOTIF#${compactInstant(now)}-~`] as const;

/** The newest delivered notifications, newest first: one bounded key range. */
export async function listDelivered(userId: string, now: Date, limit: number): Promise<Notification[]> {
  const [from, to] = deliveredRange(now);
  const items = await queryUserRange(userId, from, to, { newestFirst: true, limit });
  return items.map(fromItem);
}

/** Marks one of the user's own notifications read; false when the user has no such notification. */
export async function markRead(userId: string, id: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.notification(userId, id),
        UpdateExpression: 'SET #read = :true',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Marks read the notification of one fact (by its key hash), delivered or still held for
 * quiet hours: the fact's marker names the item; markers written before it did are found
 * by a query of the account's notifications. False when there is none.
 */
export async function markFactRead(userId: string, keyHash: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.notificationOnce(userId, keyHash), ConsistentRead: true }));
  if (!Item) return false;
  if (typeof Item.notification_id === 'string') return markRead(userId, Item.notification_id);
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :notif)',
    FilterExpression: 'contains(id, :hash)',
    ExpressionAttributeValues: { ':pk': keys.notification(userId, '').pk, ':notif': 'NOTIF#', ':hash': `-${keyHash}` },
    ProjectionExpression: 'id',
  });
  for await (const page of pages) {
    const found = page.Items?.[0];
    if (found) return markRead(userId, String(found.id));
  }
  return false;
}

/** Marks every delivered unread notification of the user read; returns how many. */
export async function markAllRead(userId: string, now: Date): Promise<number> {
  const [from, to] = deliveredRange(now);
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: '#read = :false',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: { ':pk': keys.profile(userId).pk, ':from': from, ':to': to, ':false': false },
    ProjectionExpression: 'id',
  });
  let count = 0;
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (await markRead(userId, String(item.id))) count += 1;
    }
  }
  return count;
}

/** Deletes one of the user's own notifications; false when the user has no such notification. */
export async function deleteNotification(userId: string, id: string): Promise<boolean> {
  try {
    await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: keys.notification(userId, id), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The user's saved settings, or undefined when they never saved any (the defaults apply). */
export async function getSettings(userId: string): Promise<NotificationSettings | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.notificationSettings(userId) }));
  if (!Item) return undefined;
  const parsed = notificationSettingsSchema.safeParse(Item.settings);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Saves the settings; `alsoUpdate` (the account adopting a time zone) goes in the same
 * transaction, and if its condition fails (another request moved the zone first) the
 * settings are saved alone.
 */
export async function putSettings(userId: string, settings: NotificationSettings, now: Date, alsoUpdate?: TransactItems[number]): Promise<void> {
  const Put = { TableName: env().TABLE_NAME, Item: { ...keys.notificationSettings(userId), type: 'notification-settings', user_id: userId, settings, updated_at: now.toISOString() } };
  if (alsoUpdate && !(await tryTransactWrite([{ Put }, alsoUpdate]))) return;
  await documentClient().send(new PutCommand(Put));
}

/**
 * Stores `settings` and the study reminders due at `dues`, unless the user has settings
 * already (or no account any more); true when stored. One transaction: never settings
 * without their reminders.
 */
export async function putFirstSettings(userId: string, settings: NotificationSettings, dues: Date[], now: Date): Promise<boolean> {
  return transactWrite([
    {
      Put: {
        TableName: env().TABLE_NAME,
        Item: { ...keys.notificationSettings(userId), type: 'notification-settings', user_id: userId, settings, updated_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    accountExists(userId),
    ...dues.map((due) => ({ Put: { TableName: env().TABLE_NAME, Item: reminderItem(userId, due.toISOString()) } })),
  ]);
}

export interface DueReminder {
  userId: string;
  dueAt: string;
}

const reminderItem = (userId: string, dueAt: string) => ({
  ...keys.studyReminder(userId, dueAt),
  ...keys.studyRemindersDue(dueAt, userId),
  type: 'study-reminder',
  user_id: userId,
  due_at: dueAt,
});

/** Replaces every pending study reminder of the user with `dues` (after a settings change). */
export async function replaceStudyReminders(userId: string, dues: Date[]): Promise<void> {
  const pending = await queryUserRange(userId, 'REMIND#', 'REMIND#~');
  const requests = [
    ...pending.map((item) => ({ DeleteRequest: { Key: keys.studyReminder(userId, String(item.due_at)) } })),
    ...dues.map((due) => ({ PutRequest: { Item: reminderItem(userId, due.toISOString()) } })),
  ];
  // A new time may be the same as an old one: keep one request per key (puts win).
  const byKey = new Map(requests.map((r) => ['DeleteRequest' in r ? r.DeleteRequest.Key.sk : r.PutRequest.Item.sk, r]));
  await writeItems([...byKey.values()]);
}

/** Puts one study reminder, unless the account is gone. */
export async function putStudyReminder(userId: string, dueAt: Date): Promise<void> {
  await transactWrite([accountExists(userId), { Put: { TableName: env().TABLE_NAME, Item: reminderItem(userId, dueAt.toISOString()) } }]);
}

/** Whether the reminder still waits (strongly consistent: a message handled a moment ago must see its delete). */
export async function hasStudyReminder(userId: string, dueAt: string): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.studyReminder(userId, dueAt), ConsistentRead: true, ProjectionExpression: 'pk' }));
  return Item !== undefined;
}

export async function deleteStudyReminder(reminder: DueReminder): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: keys.studyReminder(reminder.userId, reminder.dueAt) }));
}

/** Reminders due in [from, to], oldest first, at most `limit`, from the day partitions the range covers. */
export async function dueStudyReminders(from: Date, to: Date, limit: number): Promise<DueReminder[]> {
  const found: DueReminder[] = [];
  for (let day = from.toISOString().slice(0, 10); day <= to.toISOString().slice(0, 10) && found.length < limit; day = addDays(day, 1)) {
    const pages = queryPages(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `REMINDERS#${day}`, ':from': from.toISOString(), ':to': `${to.toISOString()}#~` },
      },
      { nextLimit: () => limit - found.length },
    );
    for await (const page of pages) {
      found.push(...(page.Items ?? []).map((item) => ({ userId: String(item.user_id), dueAt: String(item.due_at) })));
      if (found.length >= limit) break;
    }
  }
  return found;
}
