import { meResponseSchema, messageResponseSchema } from '#shared/api.ts';
import { intentResponseSchema, type PlanId } from '#shared/plans.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** The calls behind /subscription. The server decides (trial timing, plan rules); the page shows. */

/** POST /api/subscription/trial → the profile with the 7-day trial; 409 trial_used / already_premium. */
export const startTrialRequest = (client: ApiClient = api) =>
  client.request('/api/subscription/trial', { method: 'POST', auth: true, schema: meResponseSchema });

/** POST /api/subscription/intent → the external checkout page for the plan; 400 for a refused plan. */
export const recordIntentRequest = (plan: PlanId, client: ApiClient = api) =>
  client.request('/api/subscription/intent', { method: 'POST', body: { plan }, auth: true, schema: intentResponseSchema });

/** POST /api/subscription/waitlist → 201 {message: 'Welcome to Premium'}. */
export const joinWaitlistRequest = (email: string, client: ApiClient = api) =>
  client.request('/api/subscription/waitlist', { method: 'POST', body: { email }, auth: true, schema: messageResponseSchema });
