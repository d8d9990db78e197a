import * as z from 'zod';

/** User ids appear in routes, request ids and links; Cognito's are UUIDs. */
export const userIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'Invalid format');
