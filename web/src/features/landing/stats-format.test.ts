import { describe, expect, it } from 'vitest';
import { landingStats } from '#shared/plans.ts';
import { formatCount, formatRate, NO_FIGURE, statItems } from './stats-format.ts';

const counts = { users: 9, students: 7, teachers: 1, quizzes: 12, correct: 30, questions: 40 };

describe('landing statistics formatting', () => {
  it.each([
    [10_000, true, '10,000+'],
    [1_234_567, true, '1,234,567+'],
    [149.9, true, '149+'],
    [7, false, '7'],
    [1_234, false, '1,234'],
    [0, false, '0'],
  ])('formats the count %s (floor: %s) as %s', (value, floor, expected) => {
    expect(formatCount(value, floor)).toBe(expected);
  });

  it.each([
    [95, '95%'],
    [85.4, '85%'],
    [120, '100%'],
  ])('formats the rate %s as %s', (value, expected) => {
    expect(formatRate(value)).toBe(expected);
  });

  it('shows the real counts as they are, with teachers (issue 23: not 10,000+ on a stack of 7)', () => {
    const items = statItems(landingStats(counts, 'real'));
    expect(items.map((item) => [item.label, item.value])).toEqual([
      ['Learners', '7'],
      ['Quizzes completed', '12'],
      ['Average success rate', '75%'],
      ['Teachers', '1'],
    ]);
  });

  it('shows no rate before anyone answered', () => {
    expect(statItems(landingStats({ ...counts, correct: 0, questions: 0 }, 'real'))[2]!.value).toBe(NO_FIGURE);
  });

  it('shows the spec floors only when the operator chose them (3-learning-and-admin §9)', () => {
    expect(statItems(landingStats(counts, 'floors')).map((item) => item.value)).toEqual(['10,000+', '500,000+', '85%', '150+']);
  });

  it('gives labelled skeletons (null values) while loading, and dashes, never invented numbers, on failure', () => {
    const loading = statItems(null);
    expect(loading.map((item) => item.label)).toEqual(['Learners', 'Quizzes completed', 'Average success rate', 'Teachers']);
    expect(loading.every((item) => item.value === null)).toBe(true);
    expect(statItems('unavailable').every((item) => item.value === NO_FIGURE)).toBe(true);
  });
});
