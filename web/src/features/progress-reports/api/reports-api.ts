import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import { reportResponseSchema, reportSendsSchema, reportSentSchema, type SendReportInput } from '#shared/reports/contracts.ts';
import type { ReportPeriod } from '#shared/reports/report.ts';
import { api } from '@/lib/api-client.ts';

/** The progress report's query keys; the report belongs to one account. */
export const reportKeys = {
  all: ['progress-reports'] as const,
  report: (days: ReportPeriod) => ['progress-reports', 'report', days] as const,
  sends: () => ['progress-reports', 'sends'] as const,
};


/** GET /api/progress-report?days=: the caller's report for a period. */
export function useProgressReport(days: ReportPeriod) {
  return useQuery({
    queryKey: reportKeys.report(days),
    queryFn: ({ signal }) => api.request(`/api/progress-report?days=${days}`, { auth: true, schema: reportResponseSchema, signal }),
    placeholderData: keepPreviousData,
    select: (data) => data.report,
  });
}

/** GET /api/progress-report/sends: where the caller's reports were e-mailed. */
export function useReportSends() {
  return useQuery({
    queryKey: reportKeys.sends(),
    queryFn: ({ signal }) => api.request('/api/progress-report/sends', { auth: true, schema: reportSendsSchema, signal }),
  });
}

/** POST /api/progress-report/send: e-mails the report as a PDF; the history is refetched. */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: SendReportInput) => api.request('/api/progress-report/send', { method: 'POST', body: input, auth: true, schema: reportSentSchema }),
    meta: { invalidates: [reportKeys.sends()] },
  });
}
