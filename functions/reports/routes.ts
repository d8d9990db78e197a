import { reportResponseSchema, reportSendsSchema, reportSentSchema } from '#shared/reports/contracts.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The progress report (docs/learning.md: premium progress_reports): the figures, e-mailing the PDF, and its history. */
export const REPORT_ROUTES = [
  { method: 'GET', path: '/api/progress-report', name: 'GetProgressReport', entry: 'functions/reports/get-report.ts', auth: 'jwt', response: reportResponseSchema },
  { method: 'POST', path: '/api/progress-report/send', name: 'SendProgressReport', entry: 'functions/reports/send-report.ts', auth: 'jwt', response: reportSentSchema },
  { method: 'GET', path: '/api/progress-report/sends', name: 'ListReportSends', entry: 'functions/reports/list-sends.ts', auth: 'jwt', response: reportSendsSchema },
] as const satisfies readonly RouteDefinition[];
