import { describe, expect, it } from 'vitest';
import type { Bucket } from '#shared/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { analyticsCards, analyticsFailure, chartBars, formatMetric } from './analytics-view.ts';

const bucket = (label: string, attempts: number, accuracy: number | null, speed: number | null, consistency: number | null): Bucket => ({
  label,
  from: '2026-11-16T00:00:00.000Z',
  to: '2026-11-17T00:00:00.000Z',
  attempts,
  accuracy,
  speed,
  consistency,
});

describe('analytics bars (1-core §2: 7 buckets per subject)', () => {
  const buckets = [bucket('W1', 2, 75, 6.5, 95), bucket('W2', 0, null, null, null), bucket('W3', 1, 100, 4, 100)];

  it.each([
    ['accuracy', [75, null, 100]],
    ['speed', [6.5, null, 4]],
    ['consistency', [95, null, 100]],
  ] as const)('maps %s to one bar per bucket, none where nothing was played', (metric, values) => {
    const bars = chartBars(buckets, metric);
    expect(bars.map((b) => b.label)).toEqual(['W1', 'W2', 'W3']);
    expect(bars.map((b) => b.value)).toEqual(values);
  });

  it('describes each bar in words for screen readers', () => {
    expect(chartBars(buckets, 'speed').map((b) => b.description)).toEqual([
      'W1: 6.5 s per question (2 quizzes)',
      'W2: no quizzes',
      'W3: 4 s per question (1 quiz)',
    ]);
  });

  it.each([
    ['accuracy', 82.5, '82.5%'],
    ['speed', 7, '7 s per question'],
    ['consistency', 91, '91 out of 100'],
    ['accuracy', null, 'no quizzes'],
  ] as const)('formats %s %s as %s', (metric, value, text) => {
    expect(formatMetric(metric, value)).toBe(text);
  });
});

describe('analytics cards (1-core §2, §9)', () => {
  it.each<[number | null, string, string]>([
    [null, '—', 'Needs 4 attempts in this period'],
    [12.5, '+12.5 points', 'Your newer quizzes score higher than your older ones'],
    [-3, '−3 points', 'Your newer quizzes score lower than your older ones'],
    [0, '±0 points', 'Your scores are steady'],
  ])('Improving with trend %s reads %s', (improving, value, note) => {
    expect(analyticsCards({ improving, speed: null, focusArea: null })[0]).toEqual({ title: 'Improving', value, note });
  });

  it('shows speed in seconds per question and the focus subject by name', () => {
    const [, speed, focus] = analyticsCards({ improving: null, speed: 8.4, focusArea: 'religion' });
    expect(speed).toMatchObject({ title: 'Speed', value: '8.4 s' });
    expect(focus).toMatchObject({ title: 'Focus Area', value: 'Religion' });
  });
});

describe('analytics failures', () => {
  it.each<[unknown, 'locked' | 'failed']>([
    [new ApiError({ status: 403, code: 'premium_required', message: 'Detailed analytics are part of Premium' }), 'locked'],
    [new ApiError({ status: 403, code: 'forbidden', message: 'No' }), 'failed'],
    [new ApiError({ status: 500, code: 'internal', message: 'Oops' }), 'failed'],
    [new ApiError({ status: 0, code: 'timeout', message: 'Timed out' }), 'failed'],
    [new Error('boom'), 'failed'],
  ])('%s → %s', (error, outcome) => {
    expect(analyticsFailure(error)).toBe(outcome);
  });
});
