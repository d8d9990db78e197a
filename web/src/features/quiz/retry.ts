// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../../lib/api-client.ts';

/** Question fetch: up to 3 more tries, 1 s, 2 s and 4 s apart (docs/quiz.md). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** Only a missing answer (offline, timeout) or a server failure is worth another try; a 4xx is final. */
export const isRetryable = (error: unknown): boolean => isApiError(error) && error.retryable;

/** The wait before try `retry` (0-based) after `error`, or null to give up. */
export function retryDelay(retry: number, error: unknown): number | null {
  if (!isRetryable(error)) return null;
  return RETRY_DELAYS_MS[retry] ?? null;
}

/** The round start mutation's `retry`: TanStack counts earlier failures from 0, as retryDelay does. */
export const retryRoundStart = (failureCount: number, error: unknown): boolean => retryDelay(failureCount, error) !== null;

/** The round start mutation's `retryDelay`: the schedule above. */
export const roundStartDelay = (failureCount: number, error: unknown): number => retryDelay(failureCount, error) ?? 0;

/** Finishing a timed-out round: tries in all (the server may still see a second of time left). */
export const FINISH_TRIES = 5;
export const FINISH_RETRY_MS = 1_000;

/** The finish mutation's `retry`: again while the server is unreachable or says the round is still running. */
export const retryFinish = (failureCount: number, error: unknown): boolean =>
  failureCount < FINISH_TRIES - 1 && isApiError(error) && (error.retryable || error.code === 'round_active');

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
