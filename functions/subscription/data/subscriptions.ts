import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '#shared/api.ts';
import type { PlanId } from '#shared/plans.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';

/** payment_intent_tracking and premium_waitlist of docs/quiz.md. */

export async function recordPaymentIntent(
  profile: Profile,
  intent: { type: 'upgrade'; plan: PlanId } | { type: 'waitlist'; email: string },
  at: string,
): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.paymentIntent(profile.user_id, at),
        type: 'payment-intent',
        user_id: profile.user_id,
        intent_type: intent.type,
        email: intent.type === 'waitlist' ? intent.email : profile.email,
        timestamp: at,
        current_plan: profile.subscription_status,
        ...(intent.type === 'upgrade' ? { plan: intent.plan } : {}),
      },
    }),
  );
}

/** One entry per address; joining again refreshes it. */
export async function joinWaitlist(profile: Profile, email: string, at: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.waitlist(email), type: 'waitlist', email, user_id: profile.user_id, signup_date: at, referral_source: 'subscription_page' },
    }),
  );
  await recordPaymentIntent(profile, { type: 'waitlist', email }, at);
}
