import { NOTIFICATION_MESSAGES as M } from '#shared/notifications/notification.ts';
import { markRead } from './data/notifications.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { notificationIdParam } from './notification-param.ts';
import { NOTIFIED_ROLES } from './routes.ts';

/** POST /api/notifications/{notificationId}/read: looked up in the caller's own partition, so another user's id is not found. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, NOTIFIED_ROLES);
  const id = notificationIdParam(event);
  if (!(await markRead(me.user_id, id))) throw new NotFound(M.notFound);
  return noContent();
});
