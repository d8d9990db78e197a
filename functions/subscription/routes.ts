import { meResponseSchema, messageResponseSchema } from '#shared/api.ts';
import { intentResponseSchema } from '#shared/plans.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The trial, payment intents and the waitlist. */
export const SUBSCRIPTION_ROUTES = [
  { method: 'POST', path: '/api/subscription/trial', name: 'StartTrial', entry: 'functions/subscription/start-trial.ts', auth: 'jwt', response: meResponseSchema },
  { method: 'POST', path: '/api/subscription/intent', name: 'RecordPaymentIntent', entry: 'functions/subscription/record-intent.ts', auth: 'jwt', response: intentResponseSchema },
  { method: 'POST', path: '/api/subscription/waitlist', name: 'JoinWaitlist', entry: 'functions/subscription/join-waitlist.ts', auth: 'jwt', response: messageResponseSchema },
] as const satisfies readonly RouteDefinition[];
