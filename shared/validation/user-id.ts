import { pathIdSchema } from './path-id.ts';

/** User ids appear in routes, request ids and links; Cognito's are UUIDs. */
export const userIdSchema = pathIdSchema(/^[0-9a-f-]{36}$/, 36);
