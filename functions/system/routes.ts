import { healthResponseSchema, landingStatsSchema } from '#shared/system/api.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The status banner's health check and the landing page's public statistics. */
export const SYSTEM_ROUTES = [
  { method: 'GET', path: '/api/health', name: 'GetHealth', entry: 'functions/system/get-health.ts', auth: 'jwt', response: healthResponseSchema },
  { method: 'GET', path: '/api/stats', name: 'GetStats', entry: 'functions/system/get-stats.ts', auth: 'public', response: landingStatsSchema },
] as const satisfies readonly RouteDefinition[];
