import { useQuery } from '@tanstack/react-query';
import { explainResponseSchema } from '#shared/explanations/explanations.ts';
import { reviewResponseSchema } from '#shared/quiz/contracts.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** An explanation is written once and cached by the server; generating one takes 10-15 s (docs/ai.md). */
export const EXPLANATION_TIMEOUT_MS = 45_000;

export const explanationKeys = {
  one: (roundId: string, questionId: string) => [QUERY_ROOTS.explanations, roundId, questionId] as const,
};

export interface ExplanationTarget {
  roundId: string;
  questionId: string;
  /** The answer given in the round (null: unanswered); the server checks it against the round. */
  answer: string | null;
}

/** POST /api/explanations: read as a query (the same answer every time); not retried (a generation costs). */
export function useExplanation(target: ExplanationTarget) {
  return useQuery({
    queryKey: explanationKeys.one(target.roundId, target.questionId),
    queryFn: ({ signal }) =>
      api.request('/api/explanations', { method: 'POST', body: target, auth: true, schema: explainResponseSchema, signal, timeoutMs: EXPLANATION_TIMEOUT_MS }),
    staleTime: Infinity,
    retry: false,
  });
}

/** The wrong answers of a finished round (the quiz's review call): what Add to Video Library makes videos of. */
export const fetchWrongAnswers = (roundId: string) =>
  api.request(`/api/quiz/rounds/${encodeURIComponent(roundId)}/review`, { auth: true, schema: reviewResponseSchema });
