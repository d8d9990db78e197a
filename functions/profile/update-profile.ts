import { profileMessageResponseSchema } from '#shared/api.ts';
import { PROFILE_MESSAGES, profileUpdateSchema } from '#shared/profile.ts';
import { updateProfileDetails } from './data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/** PATCH /api/me: the caller's full name, phone and time multiplier (the e-mail is not editable). */
export const handler = httpHandler(async (event) => {
  const details = parseBody(event, profileUpdateSchema);
  const caller = await requireCaller(event);
  const profile = await updateProfileDetails(caller.user_id, details, new Date());
  if (!profile) throw new NotFound(PROFILE_MESSAGES.updateFailed);
  return respond(profileMessageResponseSchema, { profile, message: PROFILE_MESSAGES.updated });
});
