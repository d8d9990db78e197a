import { useQuery } from '@tanstack/react-query';
import { adaptiveSchema } from '#shared/learning/api.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

export type { AdaptiveData } from '#shared/learning/api.ts';

/** GET /api/learning/adaptive: Smart Learning from the player's attempts and topic tallies. */
export function useAdaptive() {
  return useQuery({ queryKey: [QUERY_ROOTS.learning, 'adaptive'], queryFn: ({ signal }) => api.request('/api/learning/adaptive', { auth: true, schema: adaptiveSchema, signal }) });
}
