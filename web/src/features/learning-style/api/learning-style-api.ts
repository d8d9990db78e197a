import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { learningStyleResultSchema } from '#shared/learning/api.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

export const learningStyleKey = [QUERY_ROOTS.learning, 'style'] as const;

/** GET /api/learning/style: the saved assessment result (null before the first). */
export function useLearningStyle() {
  return useQuery({ queryKey: learningStyleKey, queryFn: ({ signal }) => api.request('/api/learning/style', { auth: true, schema: learningStyleResultSchema, signal }) });
}

/** PUT /api/learning/style: the five answers; the server scores and saves them. */
export function useSaveLearningStyle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: number[]) => api.request('/api/learning/style', { method: 'PUT', body: { answers }, auth: true, schema: learningStyleResultSchema }),
    onSuccess: (data) => {
      client.setQueryData(learningStyleKey, data);
      void client.invalidateQueries({ queryKey: [QUERY_ROOTS.learning] });
    },
  });
}
