import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { analyticsResponseSchema, type AnalyticsRange } from '#shared/analytics.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { analyticsFailure, analyticsLoad } from '../analytics-view.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /api/analytics?range=7|30|90: detailed analytics, a premium feature (403 premium_required otherwise). */
export const getAnalytics = (range: AnalyticsRange, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/analytics?range=${range}`, { auth: true, schema: analyticsResponseSchema, signal });

/**
 * Loads the range once `enabled` (the widget is near the screen) and whenever the range
 * changes (each range is cached on its own); `retry` asks again after a failure. A user
 * without the feature gets 'locked': the 403 is not retried, nor asked again on focus.
 */
export function useAnalytics(range: AnalyticsRange, enabled: boolean) {
  const query = useQuery({
    queryKey: dashboardKeys.analytics(range),
    queryFn: ({ signal }) => getAnalytics(range, signal),
    enabled,
    refetchOnWindowFocus: ({ state }) => state.status !== 'error' || analyticsFailure(state.error) !== 'locked',
  });
  const { status, data, error, isFetching, refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { load: analyticsLoad({ enabled, status, data, error, isFetching }), retry };
}
