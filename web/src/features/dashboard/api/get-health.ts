import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as z from 'zod';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { healthLoad } from '../health-load.ts';
import { dashboardKeys } from './query-keys.ts';

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

/** The system status, checked when the dashboard opens (unless just checked); `refresh` checks again, keeping the last answer on screen meanwhile. */
export function useHealth() {
  const { status, data, isFetching, refetch } = useQuery({ queryKey: dashboardKeys.health(), queryFn: ({ signal }) => getHealth(signal) });
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { load: healthLoad({ status, data, isFetching }), refresh };
}
