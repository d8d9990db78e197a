import { reportPeriodSchema, reportResponseSchema } from '#shared/reports/contracts.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { loadReport } from './load-report.ts';
import { requireReportsCaller } from './report-access.ts';

/** GET /api/progress-report?days=7|30|90: the caller's own report (premium progress_reports). */
export const handler = httpHandler(async (event) => {
  const me = await requireReportsCaller(event);
  const days = reportPeriodSchema.parse(event.queryStringParameters?.days);
  return respond(reportResponseSchema, { report: await loadReport({ userId: me.user_id, timeZone: me.time_zone }, days, new Date()) });
});
