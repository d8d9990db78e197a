import type { LandingFigures } from '#shared/plans.ts';

/** GET /api/stats: the real counts, or the spec's floors when the operator chose them. */
export type LandingStats = LandingFigures;

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234 → "1,234"; floors read as "at least": 10000 → "10,000+". */
export const formatCount = (value: number, floor = false) => `${counts.format(Math.max(0, Math.floor(value)))}${floor ? '+' : ''}`;

/** 95 → "95%". */
export const formatRate = (value: number) => `${Math.round(Math.min(100, Math.max(0, value)))}%`;

export interface StatItem {
  key: 'learners' | 'quizzes' | 'successRate' | 'teachers' | 'schools';
  label: string;
  /** Null while loading: the page shows a skeleton of the same size. */
  value: string | null;
}

/** Shown for a figure that cannot be known (no answers yet, or the statistics failed to load). */
export const NO_FIGURE = '—';

/**
 * The four figures in display order. Real counts name teachers (no school is recorded); the
 * floors keep the spec's schools. Null stats (still loading) give null values; a failure
 * (`'unavailable'`) shows a dash rather than any number, real or made up.
 */
export function statItems(stats: LandingStats | null | 'unavailable'): StatItem[] {
  if (stats === null || stats === 'unavailable') {
    const value = stats === null ? null : NO_FIGURE;
    return [
      { key: 'learners', label: 'Learners', value },
      { key: 'quizzes', label: 'Quizzes completed', value },
      { key: 'successRate', label: 'Average success rate', value },
      { key: 'teachers', label: 'Teachers', value },
    ];
  }
  const floor = stats.floors;
  return [
    { key: 'learners', label: floor ? 'Active learners' : 'Learners', value: formatCount(stats.learners, floor) },
    { key: 'quizzes', label: 'Quizzes completed', value: formatCount(stats.quizzes, floor) },
    { key: 'successRate', label: 'Average success rate', value: stats.successRate === null ? NO_FIGURE : formatRate(stats.successRate) },
    floor && stats.schools !== null
      ? { key: 'schools', label: 'Schools', value: formatCount(stats.schools, true) }
      : { key: 'teachers', label: 'Teachers', value: formatCount(stats.teachers) },
  ];
}
