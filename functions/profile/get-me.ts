import { requireCaller } from '../lib/caller.ts';
import { httpHandler, json } from '../lib/http.ts';

/** GET /api/me: the caller's own profile (session restore and role routing). */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  return json(200, { profile });
});
