/**
 * The status banner's view of GET /api/health. Generic over the answer so that this file
 * does not import api/get-health.ts, which imports it (the hook there returns a load).
 */
export type HealthLoad<D> =
  | { status: 'loading'; previous: D | null }
  | { status: 'failed' }
  | { status: 'ready'; data: D };

/** The parts of a query's state the banner reads. */
export interface HealthQueryState<D> {
  status: 'pending' | 'error' | 'success';
  data: D | undefined;
  isFetching: boolean;
}

/**
 * While a check runs, the last good answer stays on screen (none after a failure, so a
 * failed check never shows an older answer as current); otherwise the answer or the failure.
 */
export function healthLoad<D>({ status, data, isFetching }: HealthQueryState<D>): HealthLoad<D> {
  if (isFetching || status === 'pending') return { status: 'loading', previous: status === 'success' && data ? data : null };
  if (status === 'error' || !data) return { status: 'failed' };
  return { status: 'ready', data };
}
