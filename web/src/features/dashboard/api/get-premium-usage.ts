import { useQuery } from '@tanstack/react-query';
import { premiumUsageSchema } from '#shared/premium-usage.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /api/me/premium-usage: the Premium features panel's counters (docs/quiz.md). */
export const getPremiumUsage = (signal?: AbortSignal, client: ApiClient = api) =>
  client.request('/api/me/premium-usage', { auth: true, schema: premiumUsageSchema, signal });

/** Counts that move slowly: a minute old is fine, and the panel never blocks on them. */
export function usePremiumUsage() {
  return useQuery({ queryKey: dashboardKeys.premiumUsage(), queryFn: ({ signal }) => getPremiumUsage(signal), staleTime: 60_000 });
}
