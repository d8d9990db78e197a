import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** GET /api/health (1-core §4): database, authentication and keys, each healthy, warning or error. */
const healthStatusSchema = z.enum(['healthy', 'warning', 'error']);
const checkSchema = z.object({ status: healthStatusSchema, message: z.string(), latencyMs: z.number() });

export const healthResponseSchema = z.object({
  status: healthStatusSchema,
  checks: z.object({ database: checkSchema, authentication: checkSchema, keys: checkSchema }),
  checkedAt: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const getHealth = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/health', { auth: true, schema: healthResponseSchema, signal });

export type HealthLoad =
  | { status: 'loading'; previous: HealthResponse | null }
  | { status: 'failed' }
  | { status: 'ready'; data: HealthResponse };

/** Checks health once per mount; `refresh` checks again (keeping the last answer on screen meanwhile). */
export function useHealth() {
  const [load, setLoad] = useState<HealthLoad>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad((current) => ({ status: 'loading', previous: current.status === 'ready' ? current.data : current.status === 'loading' ? current.previous : null }));
    getHealth(controller.signal)
      .then((data) => setLoad({ status: 'ready', data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ status: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, refresh };
}
