import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { waitlistSchema } from '#shared/plans.ts';
import { keys } from '../data/table-design.ts';
import { requireCaller } from '../lib/caller.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

/** POST /api/subscription/waitlist: joins the premium waitlist (once per e-mail; joining again is fine). */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, waitlistSchema);
  const profile = await requireCaller(event);
  const at = new Date().toISOString();
  const address = email.toLowerCase();
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.waitlist(address), type: 'waitlist', email: address, user_id: profile.user_id, signup_date: at, referral_source: 'subscription_page' },
    }),
  );
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.paymentIntent(profile.user_id, at), type: 'payment-intent', user_id: profile.user_id, intent_type: 'waitlist', email: address, timestamp: at, current_plan: profile.subscription_status },
    }),
  );
  return json(201, { message: 'Welcome to Premium' });
});
