import { messageResponseSchema } from '#shared/api.ts';
import { SUBSCRIPTION_MESSAGES, waitlistSchema } from '#shared/plans.ts';
import { joinWaitlist } from './data/subscriptions.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/**
 * POST /api/subscription/waitlist: puts the caller's own address on the premium waitlist
 * (once per e-mail; joining again is fine). The form's address must be the account's, so
 * no one can put another person on the list.
 */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, waitlistSchema);
  const profile = await requireCaller(event);
  const own = profile.email.toLowerCase();
  if (email.toLowerCase() !== own) {
    throw new BadRequest(SUBSCRIPTION_MESSAGES.waitlistOwnEmail, { email: SUBSCRIPTION_MESSAGES.waitlistOwnEmail });
  }
  await joinWaitlist(profile, own, new Date().toISOString());
  return respond(messageResponseSchema, { message: 'Welcome to Premium' }, 201);
});
