import * as z from 'zod';
import { SUBJECTS, type Subject } from './constants.ts';
import { DAY_MS } from './dates.ts';

/** Detailed analytics (docs/quiz.md): 7 buckets over 7, 30 or 90 days, per subject. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_METRICS = ['accuracy', 'speed', 'consistency'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
export const BUCKETS = 7;
/** A trend (Improving card) needs at least this many attempts. */
export const TREND_MIN_ATTEMPTS = 4;

export interface AttemptPoint {
  subject: Subject;
  score: number;
  total: number;
  timeSpentMs: number;
  completedAt: string;
}

export interface Bucket {
  label: string;
  from: string;
  to: string;
  attempts: number;
  /** Average percent correct; null without attempts. */
  accuracy: number | null;
  /** Average seconds per question; null without attempts. */
  speed: number | null;
  /** 100 minus the standard deviation of scores; null without attempts. */
  consistency: number | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const round1 = (n: number) => Math.round(n * 10) / 10;

export const percentOf = (a: Pick<AttemptPoint, 'score' | 'total'>) => (a.total > 0 ? (a.score / a.total) * 100 : 0);

export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  if (m === null) return 0;
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length);
}

export function consistency(scores: readonly number[]): number | null {
  return scores.length ? round1(Math.max(0, 100 - standardDeviation(scores))) : null;
}

function summarise(attempts: readonly AttemptPoint[]): Pick<Bucket, 'attempts' | 'accuracy' | 'speed' | 'consistency'> {
  const scores = attempts.map(percentOf);
  const accuracy = mean(scores);
  const speed = mean(attempts.map((a) => a.timeSpentMs / 1000 / Math.max(a.total, 1)));
  return {
    attempts: attempts.length,
    accuracy: accuracy === null ? null : round1(accuracy),
    speed: speed === null ? null : round1(speed),
    consistency: consistency(scores),
  };
}

/**
 * Splits the `range` days ending at `now` into 7 equal buckets. Labels are weekdays for
 * 7 days (one day each) and W1…W7 otherwise, oldest first.
 */
export function bucketize(attempts: readonly AttemptPoint[], range: AnalyticsRange, now: Date): Bucket[] {
  const end = range === 7 ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS : now.getTime();
  const start = end - range * DAY_MS;
  const width = (end - start) / BUCKETS;
  return Array.from({ length: BUCKETS }, (_, i) => {
    const from = start + i * width;
    const to = from + width;
    const inside = attempts.filter((a) => {
      const t = Date.parse(a.completedAt);
      return t >= from && t < to;
    });
    const label = range === 7 ? WEEKDAYS[new Date(from).getUTCDay()]! : `W${i + 1}`;
    return { label, from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...summarise(inside) };
  });
}

export interface AnalyticsCards {
  /** Change in average score between the older and newer half of the range, or null under 4 attempts. */
  improving: number | null;
  /** Average seconds per question over the range. */
  speed: number | null;
  /** The subject with the lowest accuracy among those played. */
  focusArea: Subject | null;
}

export function trend(attempts: readonly AttemptPoint[]): number | null {
  if (attempts.length < TREND_MIN_ATTEMPTS) return null;
  const ordered = [...attempts].sort((a, b) => a.completedAt.localeCompare(b.completedAt));
  const half = Math.floor(ordered.length / 2);
  const older = mean(ordered.slice(0, half).map(percentOf))!;
  const newer = mean(ordered.slice(ordered.length - half).map(percentOf))!;
  return round1(newer - older);
}

export function analytics(attempts: readonly AttemptPoint[], range: AnalyticsRange, now: Date) {
  const since = now.getTime() - range * DAY_MS;
  const inRange = attempts.filter((a) => Date.parse(a.completedAt) >= since);
  const subjects = SUBJECTS.map((subject) => {
    const own = inRange.filter((a) => a.subject === subject);
    return { subject, buckets: bucketize(own, range, now), trend: trend(own), ...summarise(own) };
  });
  const played = subjects.filter((s) => s.accuracy !== null);
  const focus = played.length ? played.reduce((low, s) => (s.accuracy! < low.accuracy! ? s : low)) : null;
  const cards: AnalyticsCards = {
    improving: trend(inRange),
    speed: summarise(inRange).speed,
    focusArea: focus?.subject ?? null,
  };
  return { range, attempts: inRange.length, subjects, cards };
}

const bucketSchema = z.object({
  label: z.string(),
  from: z.string(),
  to: z.string(),
  attempts: z.number(),
  accuracy: z.number().nullable(),
  speed: z.number().nullable(),
  consistency: z.number().nullable(),
});

/** GET /api/analytics: the return value of `analytics()`, as the browser parses it. */
export const analyticsResponseSchema = z.object({
  range: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  attempts: z.number(),
  subjects: z.array(
    bucketSchema.omit({ label: true, from: true, to: true }).extend({
      subject: z.enum(SUBJECTS),
      buckets: z.array(bucketSchema),
      trend: z.number().nullable(),
    }),
  ),
  cards: z.object({ improving: z.number().nullable(), speed: z.number().nullable(), focusArea: z.enum(SUBJECTS).nullable() }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
