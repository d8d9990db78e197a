import { NOTIFICATION_LIST_LIMIT, type NotificationList, notificationListSchema } from '#shared/notifications/notification.ts';
import { listDelivered } from './data/notifications.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { NOTIFIED_ROLES } from './routes.ts';

/**
 * GET /api/notifications: the caller's newest 20 delivered notifications and how many of
 * them are unread. Items held for quiet hours are not delivered yet, so they are not here.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, NOTIFIED_ROLES);
  const notifications = await listDelivered(me.user_id, new Date(), NOTIFICATION_LIST_LIMIT);
  const body: NotificationList = { notifications, unread: notifications.filter((n) => !n.read).length };
  return respond(notificationListSchema, body);
});
