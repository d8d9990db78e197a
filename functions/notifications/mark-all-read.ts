import { markedAllSchema } from '#shared/notifications/notification.ts';
import { markAllRead } from './data/notifications.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { NOTIFIED_ROLES } from './routes.ts';

/** POST /api/notifications/read-all: every delivered unread notification of the caller becomes read. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, NOTIFIED_ROLES);
  const marked = await markAllRead(me.user_id, new Date());
  return respond(markedAllSchema, { marked });
});
