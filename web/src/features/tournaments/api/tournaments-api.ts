import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchAnswerResponseSchema, matchStateSchema, tournamentListSchema, tournamentResponseSchema } from '#shared/tournaments/api.ts';
import { api } from '@/lib/api-client.ts';
import { tournamentKeys } from './query-keys.ts';

/** The live tournament calls (functions/tournaments/routes.ts). */
const path = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

/** GET /api/tournaments: this week's and next week's, with card states; refreshed each minute (states move with the clock). */
export function useTournaments() {
  return useQuery({
    queryKey: tournamentKeys.list(),
    queryFn: ({ signal }) => api.request('/api/tournaments', { auth: true, schema: tournamentListSchema, signal }),
    refetchInterval: 60_000,
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request(`${path(id)}/register`, { method: 'POST', auth: true, schema: tournamentResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: tournamentKeys.all }),
  });
}

/** GET the match as the server sees it now (open question without its key, time, my score and rank, top 10). */
export function useMatchState(id: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: tournamentKeys.match(id),
    queryFn: ({ signal }) => api.request(`${path(id)}/match`, { auth: true, schema: matchStateSchema, signal }),
    refetchInterval,
  });
}

export function useSendAnswer(id: string) {
  return useMutation({
    mutationFn: (body: { question: number; answer: string }) => api.request(`${path(id)}/answers`, { method: 'POST', body, auth: true, schema: matchAnswerResponseSchema }),
  });
}
