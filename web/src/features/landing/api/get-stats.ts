import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { FALLBACK_STATS, type LandingStats } from '../stats-format.ts';
import { landingKeys } from './query-keys.ts';

export const landingStatsSchema = z.object({
  users: z.number().nonnegative(),
  quizzes: z.number().nonnegative(),
  successRate: z.number().min(0).max(100),
  schools: z.number().nonnegative(),
}) satisfies z.ZodType<LandingStats>;

/** GET /api/stats (public): the landing statistics, floored by the server. */
export const getStats = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/stats', { schema: landingStatsSchema, signal });

/** Totals of every account: a few minutes old is as good as new on the landing page. */
const STATS_STALE_MS = 5 * 60_000;

export type StatsLoad = { status: 'loading' } | { status: 'ready'; stats: LandingStats } | { status: 'fallback'; stats: LandingStats };

/** The statistics, cached across visits to the landing page; a failure shows the floors instead. */
export function useLandingStats(): StatsLoad {
  const query = useQuery({ queryKey: landingKeys.stats(), queryFn: ({ signal }) => getStats(signal), staleTime: STATS_STALE_MS });
  if (query.data) return { status: 'ready', stats: query.data };
  if (query.isError) return { status: 'fallback', stats: FALLBACK_STATS };
  return { status: 'loading' };
}
