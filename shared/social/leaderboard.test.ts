import { describe, expect, it } from 'vitest';
import { bucketExpiry, periodBucket, pointsSortKey, publicName, rankStandings, type Standing } from './leaderboard.ts';

describe('periodBucket (2-social §5 periods, kept as UTC buckets)', () => {
  it.each([
    ['day', '2026-11-23T12:00:00Z', 'D2026-11-23'],
    ['day', '2026-11-23T23:59:59Z', 'D2026-11-23'],
    ['week', '2026-11-23T00:00:00Z', 'W2026-11-23'], // a Monday
    ['week', '2026-11-29T23:59:59Z', 'W2026-11-23'], // the Sunday after
    ['week', '2026-11-30T00:00:00Z', 'W2026-11-30'],
    ['week', '2027-01-01T08:00:00Z', 'W2026-12-28'], // across the year
    ['month', '2026-11-30T23:00:00Z', 'M2026-11'],
    ['month', '2026-12-01T00:00:00Z', 'M2026-12'],
    ['all', '2026-11-23T12:00:00Z', 'ALL'],
  ] as const)('%s of %s is %s', (period, at, bucket) => {
    expect(periodBucket(period, new Date(at))).toBe(bucket);
  });

  it('keeps day, week and month totals a while after their bucket, all-time totals forever', () => {
    const at = new Date('2026-11-23T00:00:00Z');
    expect(bucketExpiry('day', at)! - at.getTime()).toBe(3 * 86_400_000);
    expect(bucketExpiry('week', at)! - at.getTime()).toBe(15 * 86_400_000);
    expect(bucketExpiry('month', at)! - at.getTime()).toBe(70 * 86_400_000);
    expect(bucketExpiry('all', at)).toBeUndefined();
  });
});

describe('rankStandings', () => {
  const s = (name: string, points: number): Standing => ({ userId: name, name, points, quizzes: 1 });

  it('ranks by points, equal points share a rank and the next rank skips', () => {
    const ranked = rankStandings([s('c', 50), s('a', 120), s('d', 50), s('b', 120), s('e', 10)]);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
      ['d', 3],
      ['e', 5],
    ]);
  });

  it('keeps the top 100 (2-social §9)', () => {
    const many = Array.from({ length: 150 }, (_, i) => s(`p${String(i).padStart(3, '0')}`, i));
    const ranked = rankStandings(many);
    expect(ranked).toHaveLength(100);
    expect(ranked[0]).toMatchObject({ points: 149, rank: 1 });
    expect(ranked.at(-1)).toMatchObject({ points: 50, rank: 100 });
  });

  it('an empty board is empty', () => expect(rankStandings([])).toEqual([]));
});

describe('publicName and pointsSortKey', () => {
  it.each([
    ['student@quizquest.local', 'st•••'],
    ['a@b.org', 'a•••'],
  ])('%s shows as %s', (email, shown) => expect(publicName(email)).toBe(shown));

  it('sorts points as numbers in string order', () => {
    const keys = [900, 1000, 5, 0].map((p) => pointsSortKey(p, 'u')).sort();
    expect(keys.map((k) => Number(k.split('#')[0]))).toEqual([0, 5, 900, 1000]);
  });
});
