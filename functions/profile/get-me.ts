import { meResponseSchema } from '#shared/api.ts';
import { expireTrialIfDue } from './data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/** GET /api/me: the caller's own profile (session restore and role routing). */
export const handler = httpHandler(async (event) => {
  const profile = await expireTrialIfDue(await requireCaller(event), new Date());
  return respond(meResponseSchema, { profile });
});
