import type { AnalyticsMetric, AnalyticsRange, AnalyticsResponse } from '#shared/analytics.ts';
import { RANGE_OPTIONS } from './analytics-view.ts';

/** The analytics Export (docs/quiz.md): every subject and bucket of the shown range as CSV. */

export const CSV_HEADER = ['subject', 'bucket', 'from', 'to', 'attempts', 'accuracy', 'speed', 'consistency'] as const;

/** RFC 4180: quote a field holding a comma, quote or line break; double its quotes. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function analyticsCsv(data: AnalyticsResponse): string {
  const rows = data.subjects.flatMap((subject) =>
    subject.buckets.map((b) => [subject.subject, b.label, b.from, b.to, b.attempts, b.accuracy, b.speed, b.consistency]),
  );
  return [CSV_HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** quizquest-analytics-accuracy-30d.csv */
export function analyticsCsvName(metric: AnalyticsMetric, range: AnalyticsRange): string {
  const short = RANGE_OPTIONS.find((r) => r.value === range)?.short ?? `${range}d`;
  return `quizquest-analytics-${metric}-${short}.csv`;
}

/** Saves text as a file through a temporary object URL (no server round trip). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
