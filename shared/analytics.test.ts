import { describe, expect, it } from 'vitest';
import { analytics, bucketize, consistency, standardDeviation, trend, type AttemptPoint } from './analytics.ts';

const now = new Date('2026-11-22T15:00:00Z'); // a Sunday
const at = (iso: string, score: number, subject: AttemptPoint['subject'] = 'history', timeSpentMs = 100_000): AttemptPoint => ({ subject, score, total: 10, timeSpentMs, completedAt: iso });

describe('analytics buckets (1-core §2, §9)', () => {
  it('uses weekday labels for 7 days, one day per bucket, ending today', () => {
    const buckets = bucketize([at('2026-11-22T09:00:00Z', 8), at('2026-11-16T09:00:00Z', 6)], 7, now);
    expect(buckets.map((b) => b.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(buckets[0]).toMatchObject({ attempts: 1, accuracy: 60 });
    expect(buckets[6]).toMatchObject({ attempts: 1, accuracy: 80, speed: 10 });
    expect(buckets[3]).toMatchObject({ attempts: 0, accuracy: null, speed: null, consistency: null });
  });

  it.each([30, 90] as const)('uses W1 to W7 for %i days', (range) => {
    expect(bucketize([], range, now).map((b) => b.label)).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7']);
  });

  it('consistency is 100 minus the standard deviation of scores', () => {
    expect(standardDeviation([60, 80])).toBe(10);
    expect(consistency([60, 80])).toBe(90);
    expect(consistency([70, 70, 70])).toBe(100);
    expect(consistency([])).toBeNull();
  });

  it('needs 4 attempts for a trend', () => {
    expect(trend([at('2026-11-20T00:00:00Z', 5), at('2026-11-21T00:00:00Z', 6), at('2026-11-21T01:00:00Z', 7)])).toBeNull();
    expect(trend([at('2026-11-18T00:00:00Z', 5), at('2026-11-19T00:00:00Z', 6), at('2026-11-20T00:00:00Z', 8), at('2026-11-21T00:00:00Z', 9)])).toBe(30);
  });

  it('cards: focus area is the weakest subject played; attempts outside the range are ignored', () => {
    const result = analytics([at('2026-11-21T00:00:00Z', 9, 'history'), at('2026-11-21T00:00:00Z', 4, 'religion', 60_000), at('2026-10-01T00:00:00Z', 0, 'geography')], 7, now);
    expect(result.attempts).toBe(2);
    expect(result.cards).toEqual({ improving: null, speed: 8, focusArea: 'religion' });
  });
});
