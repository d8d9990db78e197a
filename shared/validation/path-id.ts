import * as z from 'zod';

/**
 * The longest id any route takes in its path. Every path id schema says its own, shorter bound
 * (`functions/routes.test.ts` checks each route's), so an absurd id is refused by its length
 * before any pattern runs or any table is read.
 */
export const PATH_ID_MAX_LENGTH = 100;

/** An id as it appears in a path: bounded, then of the exact shape its creator writes. */
export function pathIdSchema(pattern: RegExp, maxLength: number, message = 'Invalid format') {
  return z.string().max(Math.min(maxLength, PATH_ID_MAX_LENGTH), message).regex(pattern, message);
}

/** `crypto.randomUUID()`: version 4, lower case, as this API makes its own ids. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
