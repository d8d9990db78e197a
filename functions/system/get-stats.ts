import { landingStats, landingStatsMode } from '#shared/plans.ts';
import { landingStatsSchema } from '#shared/system/api.ts';
import { readLandingCounts } from './data/global-stats.ts';
import { env } from '../lib/env.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/stats (public): the landing page's figures from the real counters; the marketing
 * floors (docs/quiz.md) only when the operator sets LANDING_STATS=floors.
 */
export const handler = httpHandler(async () => {
  const stats = landingStats(await readLandingCounts(), landingStatsMode(env().LANDING_STATS));
  return { ...respond(landingStatsSchema, stats), headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } };
});
