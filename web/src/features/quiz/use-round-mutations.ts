import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartRoundRequest } from '#shared/quiz/contracts.ts';
import { invalidateAll } from '@/lib/query/create-query-client.ts';
import { AFTER_ROUND, AFTER_ROUND_START } from '@/lib/query/query-roots.ts';
import { finishRound, startRound, submitAnswer, type AnswerBody } from './api/rounds.ts';
import { FINISH_RETRY_MS, retryFinish, retryRoundStart, roundStartDelay } from './retry.ts';

/** `signal` belongs to the round on screen: a round left behind stops its calls and retries. */
export interface StartVariables {
  body: StartRoundRequest;
  signal: AbortSignal;
}

export interface AnswerVariables {
  roundId: string;
  body: AnswerBody;
}

export interface FinishVariables {
  roundId: string;
  signal: AbortSignal;
}

/**
 * The round's server calls as mutations (each creates or changes something on the server).
 * A round's result, whether from the last answer or from finishing a timed-out round,
 * makes progress and analytics out of date; an answer may count the round against today's
 * rounds (its first), so it marks progress stale; a start costs nothing (it may resume a round).
 * Returns the stable `mutateAsync` of each, for the round's state machine to await.
 */
export function useRoundMutations() {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: ({ body, signal }: StartVariables) => startRound(body, signal),
    retry: retryRoundStart,
    retryDelay: roundStartDelay,
  });
  const answer = useMutation({
    // Not retried: a repeated answer that had already arrived is refused as out of order.
    mutationFn: ({ roundId, body }: AnswerVariables) => submitAnswer(roundId, body),
    // Not awaited: the verdict shows at once; the dashboard refetches when it is next on screen.
    // A round counts against today's rounds at its first answer: the dashboard's count is out of date then.
    onSuccess: (response) => {
      void invalidateAll(queryClient, response.result ? AFTER_ROUND : AFTER_ROUND_START);
    },
  });
  const finish = useMutation({
    mutationFn: ({ roundId, signal }: FinishVariables) => finishRound(roundId, signal),
    retry: retryFinish,
    retryDelay: FINISH_RETRY_MS,
    meta: { invalidates: AFTER_ROUND },
  });
  return { startRound: start.mutateAsync, submitAnswer: answer.mutateAsync, finishRound: finish.mutateAsync };
}
