import { NOTIFICATION_LIST_LIMIT, type Notification, type NotificationList } from '#shared/notifications/notification.ts';

/**
 * The bell's list with a notification that just arrived live: newest first, at most the
 * 20 the bell lists, each once (a push and a refetch may both bring it), and the unread
 * count of the listed items (as the server counts it).
 */
export function withArrival(list: NotificationList, item: Notification): NotificationList {
  if (list.notifications.some((n) => n.id === item.id)) return list;
  const notifications = [item, ...list.notifications].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, NOTIFICATION_LIST_LIMIT);
  return { notifications, unread: notifications.filter((n) => !n.read).length };
}
