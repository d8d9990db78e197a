import type { HealthResponse } from './api/get-health.ts';

/** The status banner's view of GET /api/health. */
export type HealthLoad =
  | { status: 'loading'; previous: HealthResponse | null }
  | { status: 'failed' }
  | { status: 'ready'; data: HealthResponse };

/** The parts of a query's state the banner reads. */
export interface HealthQueryState {
  status: 'pending' | 'error' | 'success';
  data: HealthResponse | undefined;
  isFetching: boolean;
}

/**
 * While a check runs, the last good answer stays on screen (none after a failure, so a
 * failed check never shows an older answer as current); otherwise the answer or the failure.
 */
export function healthLoad({ status, data, isFetching }: HealthQueryState): HealthLoad {
  if (isFetching || status === 'pending') return { status: 'loading', previous: status === 'success' && data ? data : null };
  if (status === 'error' || !data) return { status: 'failed' };
  return { status: 'ready', data };
}
