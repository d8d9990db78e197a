import { canChoosePlan, intentResponseSchema, STUDENT_PLAN_MESSAGE, subscribeIntentSchema } from '#shared/plans.ts';
import { recordPaymentIntent } from './data/subscriptions.ts';
import { requireCaller } from '../lib/caller.ts';
import { env } from '../lib/env.ts';
import { BadRequest, Unavailable } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

/**
 * POST /api/subscription/intent: records that the user chose a plan (payment_intent_tracking)
 * and answers with the external checkout page to open. Payment itself happens there.
 */
export const handler = httpHandler(async (event) => {
  const { plan } = parseBody(event, subscribeIntentSchema);
  const profile = await requireCaller(event);
  if (!canChoosePlan(plan, profile.email)) throw new BadRequest(STUDENT_PLAN_MESSAGE, { plan: STUDENT_PLAN_MESSAGE });
  const checkout = env().CHECKOUT_URL;
  if (!checkout) throw new Unavailable('Checkout is not configured');

  await recordPaymentIntent(profile, { type: 'upgrade', plan }, new Date().toISOString());
  const url = new URL(checkout);
  url.searchParams.set('plan', plan);
  url.searchParams.set('email', profile.email);
  return respond(intentResponseSchema, { checkoutUrl: url.toString() });
});
