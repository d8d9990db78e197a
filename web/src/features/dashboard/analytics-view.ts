import { TREND_MIN_ATTEMPTS, type AnalyticsMetric, type AnalyticsRange, type AnalyticsResponse, type Bucket } from '#shared/analytics.ts';
import type { Subject } from '#shared/constants.ts';
// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../../lib/api-client.ts';

/** How the detailed analytics widget (docs/quiz.md) names and shows the server's numbers. */

export const RANGE_OPTIONS: readonly { value: AnalyticsRange; label: string; short: string }[] = [
  { value: 7, label: '7 days', short: '7d' },
  { value: 30, label: '30 days', short: '30d' },
  { value: 90, label: '3 months', short: '90d' },
];

export const METRIC_OPTIONS: readonly { value: AnalyticsMetric; label: string; unit: string; max: number | null }[] = [
  { value: 'accuracy', label: 'Accuracy', unit: '%', max: 100 },
  { value: 'speed', label: 'Speed', unit: 's per question', max: null },
  { value: 'consistency', label: 'Consistency', unit: 'out of 100', max: 100 },
];

export const metricOption = (metric: AnalyticsMetric) => METRIC_OPTIONS.find((m) => m.value === metric)!;

export const subjectName = (subject: Subject): string => subject.charAt(0).toUpperCase() + subject.slice(1);

/** "82.5%", "7.3 s per question", "91 out of 100"; "no quizzes" without a value. */
export function formatMetric(metric: AnalyticsMetric, value: number | null): string {
  if (value === null) return 'no quizzes';
  return metric === 'accuracy' ? `${value}%` : `${value} ${metricOption(metric).unit}`;
}

export interface Bar {
  label: string;
  /** The metric's value, or null for a bucket without attempts (no bar is drawn). */
  value: number | null;
  attempts: number;
  /** What a screen reader hears for this bucket. */
  description: string;
}

/** One bar per bucket, oldest first, for the chosen metric. */
export function chartBars(buckets: readonly Bucket[], metric: AnalyticsMetric): Bar[] {
  return buckets.map((bucket) => {
    const value = bucket[metric];
    const quizzes = `${bucket.attempts} ${bucket.attempts === 1 ? 'quiz' : 'quizzes'}`;
    return {
      label: bucket.label,
      value,
      attempts: bucket.attempts,
      description: value === null ? `${bucket.label}: no quizzes` : `${bucket.label}: ${formatMetric(metric, value)} (${quizzes})`,
    };
  });
}

export const hasAnalyticsData = (data: AnalyticsResponse): boolean => data.attempts > 0;

export interface AnalyticsCard {
  title: string;
  value: string;
  note: string;
}

/** The three cards: Improving (trend points), Speed (seconds per question), Focus Area (a subject). */
export function analyticsCards(cards: AnalyticsResponse['cards']): AnalyticsCard[] {
  const { improving, speed, focusArea } = cards;
  return [
    {
      title: 'Improving',
      value: improving === null ? '—' : `${improving > 0 ? '+' : improving < 0 ? '−' : '±'}${Math.abs(improving)} points`,
      note:
        improving === null
          ? `Needs ${TREND_MIN_ATTEMPTS} attempts in this period`
          : improving > 0
            ? 'Your newer quizzes score higher than your older ones'
            : improving < 0
              ? 'Your newer quizzes score lower than your older ones'
              : 'Your scores are steady',
    },
    { title: 'Speed', value: speed === null ? '—' : `${speed} s`, note: 'Average time per question' },
    {
      title: 'Focus Area',
      value: focusArea === null ? '—' : subjectName(focusArea),
      note: focusArea === null ? 'Play a quiz to find your focus area' : 'Your lowest accuracy in this period',
    },
  ];
}

/** What a failed load means for the widget: the premium overlay (403 premium_required), or an error with Retry. */
export const analyticsFailure = (error: unknown): 'locked' | 'failed' =>
  isApiError(error) && error.status === 403 && error.code === 'premium_required' ? 'locked' : 'failed';

export type AnalyticsLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'locked' }
  | { status: 'failed' }
  | { status: 'ready'; data: AnalyticsResponse };

/** The parts of the analytics query's state the widget reads. */
export interface AnalyticsQueryState {
  /** The widget is near the screen: the range may be loaded. */
  enabled: boolean;
  status: 'pending' | 'error' | 'success';
  data: AnalyticsResponse | undefined;
  error: unknown;
  isFetching: boolean;
}

/**
 * The widget's state: the premium overlay whenever the server says premium_required;
 * otherwise the answer (kept on screen if a later refetch fails), a failure with Retry
 * (loading again while the retry runs), idle until near the screen, loading meanwhile.
 */
export function analyticsLoad({ enabled, status, data, error, isFetching }: AnalyticsQueryState): AnalyticsLoad {
  if (status === 'error' && analyticsFailure(error) === 'locked') return { status: 'locked' };
  if (data) return { status: 'ready', data };
  if (status === 'error') return isFetching ? { status: 'loading' } : { status: 'failed' };
  return enabled ? { status: 'loading' } : { status: 'idle' };
}
