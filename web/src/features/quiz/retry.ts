// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../../lib/api-client.ts';

/** Question fetch: up to 3 more tries, 1 s, 2 s and 4 s apart (1-core §4, §9). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** Only a missing answer (offline, timeout) or a server failure is worth another try; a 4xx is final. */
export const isRetryable = (error: unknown): boolean => isApiError(error) && error.retryable;

/** The wait before try `retry` (0-based) after `error`, or null to give up. */
export function retryDelay(retry: number, error: unknown): number | null {
  if (!isRetryable(error)) return null;
  return RETRY_DELAYS_MS[retry] ?? null;
}

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

/** Runs `task`, trying again on the schedule above; the last error is thrown. */
export async function withRetry<T>(
  task: () => Promise<T>,
  options: { signal?: AbortSignal; wait?: (ms: number, signal?: AbortSignal) => Promise<void> } = {},
): Promise<T> {
  const wait = options.wait ?? sleep;
  for (let retry = 0; ; retry++) {
    try {
      return await task();
    } catch (error) {
      const delay = retryDelay(retry, error);
      if (delay === null || options.signal?.aborted) throw error;
      await wait(delay, options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}
