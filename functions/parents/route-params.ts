import { userIdSchema } from '#shared/social/friends.ts';
import { NotFound } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A user id from the path; anything that cannot be one is simply not found. */
export function idParam(event: HttpEvent, name: string, notFound: string): string {
  const parsed = userIdSchema.safeParse(event.pathParameters?.[name]);
  if (!parsed.success) throw new NotFound(notFound);
  return parsed.data;
}
