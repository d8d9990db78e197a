import { landingStats } from '#shared/plans.ts';

/** GET /api/stats, already floored by the server (3-learning-and-admin §9). */
export type LandingStats = ReturnType<typeof landingStats>;

/** What the page shows when the statistics cannot be loaded: the spec's floors, never a blank. */
export const FALLBACK_STATS: LandingStats = landingStats({ users: 0, quizzes: 0, correct: 0, questions: 0 });

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 10000 → "10,000+" (the figures are floors, so they read as "at least"). */
export const formatCount = (value: number) => `${counts.format(Math.max(0, Math.floor(value)))}+`;

/** 95 → "95%". */
export const formatRate = (value: number) => `${Math.round(Math.min(100, Math.max(0, value)))}%`;

export interface StatItem {
  key: keyof LandingStats;
  label: string;
  /** Null while loading: the page shows a skeleton of the same size. */
  value: string | null;
}

const LABELS: Record<keyof LandingStats, string> = {
  users: 'Active learners',
  quizzes: 'Quizzes completed',
  successRate: 'Average success rate',
  schools: 'Schools',
};

/** The four figures in display order, formatted; null stats (still loading) give null values. */
export function statItems(stats: LandingStats | null): StatItem[] {
  const keys: (keyof LandingStats)[] = ['users', 'quizzes', 'successRate', 'schools'];
  return keys.map((key) => ({
    key,
    label: LABELS[key],
    value: stats === null ? null : key === 'successRate' ? formatRate(stats[key]) : formatCount(stats[key]),
  }));
}
