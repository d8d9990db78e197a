import { useQuery } from '@tanstack/react-query';
import { landingStatsSchema } from '#shared/system/api.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import type { LandingStats } from '../stats-format.ts';
import { landingKeys } from './query-keys.ts';

/** GET /api/stats (public): the landing statistics, real unless the operator chose the marketing floors (docs/quiz.md). */
export const getStats = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/stats', { schema: landingStatsSchema, signal });

/** Totals of every account: a few minutes old is as good as new on the landing page. */
const STATS_STALE_MS = 5 * 60_000;

export type StatsLoad = { status: 'loading' } | { status: 'ready'; stats: LandingStats } | { status: 'unavailable' };

/** The statistics, cached across visits to the landing page; a failure shows dashes, not made-up numbers. */
export function useLandingStats(): StatsLoad {
  const query = useQuery({ queryKey: landingKeys.stats(), queryFn: ({ signal }) => getStats(signal), staleTime: STATS_STALE_MS });
  if (query.data) return { status: 'ready', stats: query.data };
  if (query.isError) return { status: 'unavailable' };
  return { status: 'loading' };
}
