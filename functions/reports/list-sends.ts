import { reportSendsSchema } from '#shared/reports/contracts.ts';
import { REPORT_SENDS_PER_DAY } from '#shared/reports/report.ts';
import { reportSends } from './data/reports.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireReportsCaller } from './report-access.ts';

/** GET /api/progress-report/sends: the addresses the caller's reports went to, newest first (own history only). */
export const handler = httpHandler(async (event) => {
  const me = await requireReportsCaller(event);
  const sends = await reportSends(me.user_id);
  const today = new Date().toISOString().slice(0, 10);
  return respond(reportSendsSchema, { sends, sentToday: sends.filter((s) => s.sentAt.startsWith(today)).length, dailyLimit: REPORT_SENDS_PER_DAY });
});
