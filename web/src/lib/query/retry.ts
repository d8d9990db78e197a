// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../api-client.ts';

/** A query tries this many more times after its first failure, when a retry can help. */
export const MAX_QUERY_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 8_000;

/**
 * Whether a failed query should be tried again. Only a missing answer (offline, timeout)
 * or a server failure (5xx) can turn out differently: a 4xx is the server's final word
 * (signed out, premium only, not found, daily limit), and a non-API error is a bug.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isApiError(error) && error.retryable;
}

/** 1 s, 2 s, 4 s… apart (capped), so a struggling server is not hammered. */
export const queryRetryDelay = (failureCount: number): number => Math.min(1_000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
