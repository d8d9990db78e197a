import type { RouteDefinition } from '../route-definition.ts';

/** The trial, payment intents and the waitlist. */
export const SUBSCRIPTION_ROUTES = [
  { method: 'POST', path: '/api/subscription/trial', name: 'StartTrial', entry: 'functions/subscription/start-trial.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/subscription/intent', name: 'RecordPaymentIntent', entry: 'functions/subscription/record-intent.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/subscription/waitlist', name: 'JoinWaitlist', entry: 'functions/subscription/join-waitlist.ts', auth: 'jwt' },
] as const satisfies readonly RouteDefinition[];
