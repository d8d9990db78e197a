import { describe, expect, it } from 'vitest';
import { STAT_FLOORS } from '#shared/plans.ts';
import { FALLBACK_STATS, formatCount, formatRate, statItems } from './stats-format.ts';

describe('landing statistics formatting', () => {
  it.each([
    [10_000, '10,000+'],
    [500_000, '500,000+'],
    [1_234_567, '1,234,567+'],
    [150, '150+'],
    [149.9, '149+'],
    [0, '0+'],
  ])('formats the count %s as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it.each([
    [95, '95%'],
    [85.4, '85%'],
    [120, '100%'],
  ])('formats the rate %s as %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });

  it('falls back to the floors of 3-learning-and-admin §9 (success rate default 95)', () => {
    expect(FALLBACK_STATS).toEqual({
      users: STAT_FLOORS.users,
      quizzes: STAT_FLOORS.quizzes,
      successRate: STAT_FLOORS.defaultSuccessRate,
      schools: STAT_FLOORS.schools,
    });
    expect(statItems(FALLBACK_STATS).map((item) => item.value)).toEqual(['10,000+', '500,000+', '95%', '150+']);
  });

  it('gives labelled skeletons (null values) while loading', () => {
    const items = statItems(null);
    expect(items.map((item) => item.label)).toEqual(['Active learners', 'Quizzes completed', 'Average success rate', 'Schools']);
    expect(items.every((item) => item.value === null)).toBe(true);
  });

  it('shows what the server sent', () => {
    expect(statItems({ users: 12_345, quizzes: 600_001, successRate: 88, schools: 184 }).map((item) => item.value)).toEqual([
      '12,345+',
      '600,001+',
      '88%',
      '184+',
    ]);
  });
});
