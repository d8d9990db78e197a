import { ADMIN_MESSAGES } from '#shared/admin/users.ts';
import { userIdSchema } from '#shared/validation/user-id.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** The `{userId}` of an admin user route; anything that cannot be a user id is not found. */
export function targetUserId(event: HttpEvent): string {
  const parsed = userIdSchema.safeParse(event.pathParameters?.userId);
  if (!parsed.success) throw new NotFound(ADMIN_MESSAGES.userNotFound);
  return parsed.data;
}
