import { NOTIFICATION_MESSAGES as M, notificationIdSchema } from '#shared/notifications/notification.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The notification id from the path; anything that cannot be one is simply not found. */
export function notificationIdParam(event: HttpEvent): string {
  const parsed = notificationIdSchema.safeParse(event.pathParameters?.notificationId);
  if (!parsed.success) throw new NotFound(M.notFound);
  return parsed.data;
}
