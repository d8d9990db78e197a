import { useCallback, useEffect, useState } from 'react';
import { analyticsResponseSchema, type AnalyticsRange, type AnalyticsResponse } from '#shared/analytics.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { analyticsFailure } from '../analytics-view.ts';

/** GET /api/analytics?range=7|30|90: detailed analytics, a premium feature (403 premium_required otherwise). */
export const getAnalytics = (range: AnalyticsRange, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/analytics?range=${range}`, { auth: true, schema: analyticsResponseSchema, signal });

export type AnalyticsLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'locked' }
  | { status: 'failed' }
  | { status: 'ready'; data: AnalyticsResponse };

/**
 * Loads the range once `enabled` (the widget is near the screen), again when the range
 * changes, and on `retry`. A user without the feature gets 'locked' and no further calls.
 */
export function useAnalytics(range: AnalyticsRange, enabled: boolean) {
  const [load, setLoad] = useState<AnalyticsLoad>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const locked = load.status === 'locked';

  useEffect(() => {
    if (!enabled || locked) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getAnalytics(range, controller.signal)
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: analyticsFailure(error) });
      });
    return () => controller.abort();
  }, [range, enabled, locked, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
}
