import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { healthResponseSchema } from '#shared/system/api.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { healthLoad } from '../health-load.ts';
import { dashboardKeys } from './query-keys.ts';

export type { HealthResponse, HealthStatus } from '#shared/system/api.ts';

export const getHealth = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/health', { auth: true, schema: healthResponseSchema, signal });

/** The system status, checked when the dashboard opens (unless just checked); `refresh` checks again, keeping the last answer on screen meanwhile. */
export function useHealth() {
  const { status, data, isFetching, refetch } = useQuery({ queryKey: dashboardKeys.health(), queryFn: ({ signal }) => getHealth(signal) });
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { load: healthLoad({ status, data, isFetching }), refresh };
}
