import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { progressResponseSchema, type ProgressResponse } from '#shared/quiz/contracts.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { progressKeys } from './query-keys.ts';

/** GET /api/progress: subjects, totals, recent attempts, achievements and what the user may play. */
export const getProgress = (zone: string, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/progress?tz=${encodeURIComponent(zone)}`, { auth: true, schema: progressResponseSchema, signal });

export type ProgressLoad = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ProgressResponse };

/**
 * Progress from the cache (fetched again when stale, or after a round invalidated it);
 * `retry` asks again after a failure. Data already on screen stays there if a later
 * refetch fails.
 */
export function useProgress() {
  const zone = useMemo(browserTimeZone, []);
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: progressKeys.summary(zone),
    queryFn: ({ signal }) => getProgress(zone, signal),
  });

  const load = useMemo<ProgressLoad>(() => {
    if (data) return { status: 'ready', data };
    // Retry after a failure shows the loading state again, as the first load does.
    return isError && !isFetching ? { status: 'failed' } : { status: 'loading' };
  }, [data, isError, isFetching]);

  // Deferred: React draws the filled-in dashboard in the background, in slices, without one long task.
  const deferred = useDeferredValue(load);
  const retry = useCallback(() => void refetch(), [refetch]);
  return { load: deferred, retry };
}
