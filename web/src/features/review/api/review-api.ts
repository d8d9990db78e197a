import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notesResponseSchema, reviewListSchema, type ReviewList } from '#shared/review/review.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** Review Mode's query key: the caller's bookmarked questions (a bookmark toggled in a round invalidates it by root). */
export const reviewModeKey = [QUERY_ROOTS.bookmarks] as const;

/** GET /api/review: the caller's bookmarked questions with their correct answers and notes. */
export function useReviewList() {
  return useQuery({
    queryKey: reviewModeKey,
    queryFn: ({ signal }) => api.request('/api/review', { auth: true, schema: reviewListSchema, signal }),
  });
}

/** PUT /api/review/{questionId}/notes: the server sanitises; its answer is what is stored. */
export function useSaveNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, notes }: { questionId: string; notes: string }) =>
      api.request(`/api/review/${encodeURIComponent(questionId)}/notes`, { method: 'PUT', body: { notes }, auth: true, schema: notesResponseSchema }),
    onSuccess: ({ notes }, { questionId }) => {
      client.setQueryData<ReviewList>(reviewModeKey, (list) => list && { ...list, items: list.items.map((item) => (item.questionId === questionId ? { ...item, notes } : item)) });
    },
  });
}
