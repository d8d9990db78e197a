import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { api, type ApiClient } from '@/lib/api-client.ts';
import type { LandingStats } from '../stats-format.ts';
import { landingKeys } from './query-keys.ts';

export const landingStatsSchema = z.object({
  floors: z.boolean(),
  learners: z.number().nonnegative(),
  quizzes: z.number().nonnegative(),
  successRate: z.number().min(0).max(100).nullable(),
  teachers: z.number().nonnegative(),
  schools: z.number().nonnegative().nullable(),
}) satisfies z.ZodType<LandingStats>;

/** GET /api/stats (public): the landing statistics, real unless the operator chose the spec's floors. */
export const getStats = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/stats', { schema: landingStatsSchema, signal });

/** Totals of every account: a few minutes old is as good as new on the landing page. */
const STATS_STALE_MS = 5 * 60_000;

export type StatsLoad = { status: 'loading' } | { status: 'ready'; stats: LandingStats } | { status: 'unavailable' };

/** The statistics, cached across visits to the landing page; a failure shows dashes, not made-up numbers (issue 23). */
export function useLandingStats(): StatsLoad {
  const query = useQuery({ queryKey: landingKeys.stats(), queryFn: ({ signal }) => getStats(signal), staleTime: STATS_STALE_MS });
  if (query.data) return { status: 'ready', stats: query.data };
  if (query.isError) return { status: 'unavailable' };
  return { status: 'loading' };
}
