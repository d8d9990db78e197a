import { useMutation, useQuery } from '@tanstack/react-query';
import { dueCardsSchema, rateResponseSchema, type Rating } from '#shared/review/review.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

export const dueCardsKey = [QUERY_ROOTS.cards] as const;

/** GET /api/spaced-repetition/cards: up to 20 cards due now, the longest due first. */
export function useDueCards(enabled: boolean) {
  return useQuery({
    queryKey: dueCardsKey,
    queryFn: ({ signal }) => api.request('/api/spaced-repetition/cards', { auth: true, schema: dueCardsSchema, signal }),
    enabled,
    // The session works through the loaded cards; it asks again when the page is opened again.
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/spaced-repetition/cards/{questionId}/rating: the server schedules the card (SM-2). */
export function useRateCard() {
  return useMutation({
    mutationFn: ({ questionId, rating }: { questionId: string; rating: Rating }) =>
      api.request(`/api/spaced-repetition/cards/${encodeURIComponent(questionId)}/rating`, { method: 'POST', body: { rating }, auth: true, schema: rateResponseSchema }),
  });
}
