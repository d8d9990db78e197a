import type { AnalyticsRange } from '#shared/analytics.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The dashboard's query keys. A finished round or a trial invalidates analytics by root. */
export const dashboardKeys = {
  analytics: (range: AnalyticsRange) => [QUERY_ROOTS.analytics, range] as const,
  health: () => [QUERY_ROOTS.health] as const,
  /** Under the account's root: what the account has (groups, reports) moves with it. */
  premiumUsage: () => [QUERY_ROOTS.me, 'premium-usage'] as const,
};
