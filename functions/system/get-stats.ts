import { landingStats } from '#shared/plans.ts';
import { readGlobalStats } from '../data/global-stats.ts';
import { httpHandler, json } from '../lib/http.ts';

/** GET /api/stats (public): the landing page's statistics from real counters, with the spec's floors. */
export const handler = httpHandler(async () => {
  const stats = landingStats(await readGlobalStats());
  return { ...json(200, stats), headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } };
});
