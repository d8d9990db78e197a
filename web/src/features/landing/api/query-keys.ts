import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The landing page's query keys. */
export const landingKeys = {
  stats: () => [QUERY_ROOTS.stats] as const,
};
