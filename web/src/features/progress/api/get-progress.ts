import { startTransition, useCallback, useEffect, useState } from 'react';
import { progressResponseSchema, type ProgressResponse } from '#shared/quiz/contracts.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** The user's time zone, so "today" (streak, rounds left) is theirs. */
function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/progress: subjects, totals, recent attempts, achievements and what the user may play. */
export const getProgress = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/progress?tz=${encodeURIComponent(timeZone())}`, { auth: true, schema: progressResponseSchema, signal });

export type ProgressLoad = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ProgressResponse };

/** Loads progress once per mount; `retry` loads it again. */
export function useProgress() {
  const [load, setLoad] = useState<ProgressLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getProgress(controller.signal)
      // A transition: React draws the filled-in dashboard in slices, without one long task.
      .then((data) => startTransition(() => setLoad({ status: 'ready', data })))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ status: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
}
