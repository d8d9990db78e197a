import { waitlistSchema } from '#shared/plans.ts';
import { joinWaitlist } from '../data/subscriptions.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

/** POST /api/subscription/waitlist: joins the premium waitlist (once per e-mail; joining again is fine). */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, waitlistSchema);
  const profile = await requireCaller(event);
  await joinWaitlist(profile, email.toLowerCase(), new Date().toISOString());
  return json(201, { message: 'Welcome to Premium' });
});
