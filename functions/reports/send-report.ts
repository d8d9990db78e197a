import { reportPdf } from '#shared/reports/report-pdf.ts';
import { PERIOD_LABELS, reportFileName, sendReportSchema } from '#shared/reports/report.ts';
import { enforceAccountRateLimit } from '../data/rate-limits.ts';
import { recordReportSend } from '../data/reports.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { sendMailWithAttachments } from '../lib/mail.ts';
import { reportMail } from './report-mail.ts';
import { loadReport, requireReportsCaller } from './report-access.ts';

/**
 * POST /api/progress-report/send {email, days}: e-mails the caller's report as a PDF to the
 * address (a parent or teacher), at most REPORT_SENDS_PER_DAY a UTC day per account, and
 * keeps the address in the caller's history.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireReportsCaller(event);
  const { email, days } = parseBody(event, sendReportSchema);
  const now = new Date();
  await enforceAccountRateLimit('reportSend', me.user_id, now.getTime());
  const report = await loadReport(me, days, now);
  const pdf = reportPdf(report, { studentEmail: me.email, generatedAt: now });
  await sendMailWithAttachments(reportMail(email, me.email, PERIOD_LABELS[days]), [{ filename: reportFileName(now), contentType: 'application/pdf', data: pdf }]);
  const send = { email, period: days, sentAt: now.toISOString() };
  await recordReportSend(me.user_id, send);
  return json(201, { send });
});
