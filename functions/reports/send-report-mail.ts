import type { EventBridgeEvent } from 'aws-lambda';
import { reportPdf } from '#shared/reports/report-pdf.ts';
import { PERIOD_LABELS, REPORT_PERIODS, reportFileName, type ReportPeriod } from '#shared/reports/report.ts';
import { runOnce } from '../data/processed-events.ts';
import { sendMailWithAttachments } from '../lib/mail.ts';
import { loadReport } from './load-report.ts';
import { reportFont } from './report-font.ts';
import { reportMail } from './report-mail.ts';
import { eventHandler } from '../lib/instrument.ts';

interface ReportRequest {
  userId: string;
  studentEmail: string;
  studentName?: string;
  timeZone?: string;
  to: string;
  days: ReportPeriod;
  requestedAt: string;
}

/**
 * The detail's shape, checked by hand: the publisher validated it against the catalogue's
 * schema (events/catalogue.ts); the catalogue's zod schemas would take this Lambda (SES,
 * DynamoDB) over the 500 KB bundle budget. jspdf is not in the bundle either: it is
 * imported on the first PDF, from beside the bundle (infra/constructs/bundling.ts).
 */
function isReportRequest(detail: unknown): detail is ReportRequest {
  if (typeof detail !== 'object' || detail === null) return false;
  const d = detail as Record<string, unknown>;
  return (
    ['userId', 'studentEmail', 'to', 'requestedAt'].every((k) => typeof d[k] === 'string' && d[k] !== '') &&
    (d.timeZone === undefined || typeof d.timeZone === 'string') &&
    (d.studentName === undefined || typeof d.studentName === 'string') &&
    (REPORT_PERIODS as readonly unknown[]).includes(d.days) &&
    !Number.isNaN(Date.parse(String(d.requestedAt)))
  );
}

/**
 * ProgressReportRequested → one e-mail with the report's PDF attached, however often the
 * event is delivered. The report is computed as of the request's instant (attempts up to
 * it), so a late or repeated delivery sends the figures the student asked for.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  if (!isReportRequest(event.detail)) throw new Error(`ProgressReportRequested ${event.id}: detail does not match the catalogue`);
  const request = event.detail;
  const at = new Date(request.requestedAt);
  const report = await loadReport({ userId: request.userId, timeZone: request.timeZone }, request.days, at);
  const pdf = await reportPdf(report, { studentEmail: request.studentEmail, studentName: request.studentName, generatedAt: at }, await reportFont());
  await runOnce('email-progress-report', event.id, () =>
    sendMailWithAttachments(reportMail(request.to, request.studentEmail, PERIOD_LABELS[request.days]), [{ filename: reportFileName(at), contentType: 'application/pdf', data: pdf }]),
  );
});
