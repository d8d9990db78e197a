import { meResponseSchema } from '#shared/api.ts';
import { TRIAL_DAYS } from '#shared/constants.ts';
import { hasFullAccess } from '#shared/entitlements.ts';
import { SUBSCRIPTION_MESSAGES } from '#shared/plans.ts';
import { startTrial } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';

/** POST /api/subscription/trial: 7 days of Premium, decided and timed by the server, once per account. */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const now = new Date();
  if (hasFullAccess(profile, now)) throw new Conflict(SUBSCRIPTION_MESSAGES.alreadyPremium, 'already_premium');

  const updated = await startTrial(profile.user_id, now, TRIAL_DAYS);
  if (!updated) throw new Conflict(SUBSCRIPTION_MESSAGES.trialUsed, 'trial_used');
  return respond(meResponseSchema, { profile: updated });
});
