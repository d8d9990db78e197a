import { useEffect, useState } from 'react';
import * as z from 'zod';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { FALLBACK_STATS, type LandingStats } from '../stats-format.ts';

export const landingStatsSchema = z.object({
  users: z.number().nonnegative(),
  quizzes: z.number().nonnegative(),
  successRate: z.number().min(0).max(100),
  schools: z.number().nonnegative(),
}) satisfies z.ZodType<LandingStats>;

/** GET /api/stats (public): the landing statistics, floored by the server. */
export const getStats = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/stats', { schema: landingStatsSchema, signal });

export type StatsLoad = { status: 'loading' } | { status: 'ready'; stats: LandingStats } | { status: 'fallback'; stats: LandingStats };

/** Loads the statistics once per mount; a failure shows the floors instead. */
export function useLandingStats(): StatsLoad {
  const [load, setLoad] = useState<StatsLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getStats(controller.signal)
      .then((stats) => setLoad({ status: 'ready', stats }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ status: 'fallback', stats: FALLBACK_STATS });
      });
    return () => controller.abort();
  }, []);

  return load;
}
