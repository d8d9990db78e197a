import { adminOverviewResponseSchema, adminStatsFrom } from '#shared/admin/stats.ts';
import { utcDate } from '#shared/dates.ts';
import { readAdminCounters } from './data/admin-stats.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireAdmin } from './require-admin.ts';

/**
 * GET /api/admin/overview: the admin statistics (docs/admin.md) from the
 * counters the aggregate-admin-stats consumer keeps: the caller's profile, then one
 * BatchGet of the totals and the 7 days, whatever the number of users or attempts.
 */
export const handler = httpHandler(async (event) => {
  await requireAdmin(event);
  const now = new Date();
  const today = utcDate(now);
  const { totals, days } = await readAdminCounters(today);
  return respond(adminOverviewResponseSchema, { stats: adminStatsFrom(totals, days, today), generatedAt: now.toISOString() });
});
