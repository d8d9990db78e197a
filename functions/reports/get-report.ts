import { reportPeriodSchema } from '#shared/reports/report.ts';
import { httpHandler, json } from '../lib/http.ts';
import { loadReport, requireReportsCaller } from './report-access.ts';

/** GET /api/progress-report?days=7|30|90: the caller's own report (premium progress_reports). */
export const handler = httpHandler(async (event) => {
  const me = await requireReportsCaller(event);
  const days = reportPeriodSchema.parse(event.queryStringParameters?.days);
  return json(200, { report: await loadReport(me, days, new Date()) });
});
