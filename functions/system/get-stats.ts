import { landingStats, landingStatsMode } from '#shared/plans.ts';
import { readLandingCounts } from '../data/global-stats.ts';
import { env } from '../lib/env.ts';
import { httpHandler, json } from '../lib/http.ts';

/**
 * GET /api/stats (public): the landing page's figures from the real counters; the spec's
 * floors (3-learning-and-admin §9) only when the operator sets LANDING_STATS=floors (issue 23).
 */
export const handler = httpHandler(async () => {
  const stats = landingStats(await readLandingCounts(), landingStatsMode(env().LANDING_STATS));
  return { ...json(200, stats), headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } };
});
