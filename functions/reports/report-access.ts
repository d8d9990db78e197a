import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { REPORT_MESSAGES as M } from '#shared/reports/report.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A student (or admin) with progress_reports: free accounts are refused with no data (docs/learning.md). */
export async function requireReportsCaller(event: HttpEvent): Promise<Profile> {
  const me = await requireCaller(event, ['student', 'admin']);
  if (!canUse(me, 'progress_reports', new Date())) throw new Forbidden(M.premiumRequired, 'premium_required');
  return me;
}
