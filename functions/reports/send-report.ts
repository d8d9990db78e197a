import { reportSentSchema, sendReportSchema } from '#shared/reports/contracts.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { recordReportSend } from './data/reports.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { requireReportsCaller } from './report-access.ts';

/**
 * POST /api/progress-report/send {email, days}: at most REPORT_SENDS_PER_DAY a UTC day per
 * account; keeps the address in the caller's history and asks the email-progress-report
 * consumer (ProgressReportRequested) to e-mail the report, as of this request, as a PDF.
 * The PDF and SES live in that consumer: with SES and the API's validation this Lambda
 * would pass the 500 KB bundle budget, and a failed send is retried by the bus.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireReportsCaller(event);
  const { email, days } = parseBody(event, sendReportSchema);
  const now = new Date();
  await enforceAccountRateLimit('reportSend', me.user_id, now.getTime());
  const send = { email, period: days, sentAt: now.toISOString() };
  await recordReportSend(me.user_id, send);
  await publish('ProgressReportRequested', {
    userId: me.user_id,
    studentEmail: me.email,
    ...(me.metadata.full_name ? { studentName: me.metadata.full_name } : {}),
    timeZone: me.time_zone,
    to: email,
    days,
    requestedAt: send.sentAt,
  });
  return respond(reportSentSchema, { send }, 201);
});
