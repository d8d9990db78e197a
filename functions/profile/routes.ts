import { meResponseSchema, messageResponseSchema, profileMessageResponseSchema } from '#shared/api.ts';
import { premiumUsageSchema } from '#shared/premium-usage.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The signed-in person's own account. */
export const PROFILE_ROUTES = [
  { method: 'GET', path: '/api/me', name: 'GetMe', entry: 'functions/profile/get-me.ts', auth: 'jwt', response: meResponseSchema },
  { method: 'PATCH', path: '/api/me', name: 'UpdateProfile', entry: 'functions/profile/update-profile.ts', auth: 'jwt', response: profileMessageResponseSchema },
  { method: 'DELETE', path: '/api/me', name: 'DeleteAccount', entry: 'functions/profile/delete-account.ts', auth: 'jwt', response: messageResponseSchema },
  /** The dashboard's Premium features counters (guides, reports, groups, tournaments). */
  { method: 'GET', path: '/api/me/premium-usage', name: 'GetPremiumUsage', entry: 'functions/profile/get-premium-usage.ts', auth: 'jwt', response: premiumUsageSchema },
] as const satisfies readonly RouteDefinition[];
