import { describe, expect, it } from 'vitest';
import { accuracyBonus, percentage, points, speedAverageMs, speedBonus } from './scoring.ts';

describe('points (1-core §9)', () => {
  it.each([
    // correct, total, mode, timeSpentMs, expected
    [10, 10, 'practice', 300_000, 100 + 50],
    [9, 10, 'practice', 300_000, 90 + 30],
    [8, 10, 'practice', 300_000, 80 + 20],
    [7, 10, 'practice', 300_000, 70],
    [0, 10, 'practice', 300_000, 0],
    [25, 25, 'competition', 240_000, 250 + 50 + 25],
    [20, 25, 'competition', 300_000, 200 + 20 + 15],
    [20, 25, 'competition', 375_000, 200 + 20],
    [10, 10, 'practice', 50_000, 150],
  ] as const)('%i of %i in %s over %i ms → %i', (correct, total, mode, timeSpentMs, expected) => {
    expect(points({ correct, total, mode, timeSpentMs })).toBe(expected);
  });

  it.each([
    // correct, answered, total, timeSpentMs, expected: the speed bonus needs a correct answer, and a skip counts as slow
    [0, 1, 15, 600, 0], // 14 skips and one wrong answer in 0.6 s: no bonus
    [1, 1, 15, 600, 10], // 14 skips and one right answer in 0.6 s: no bonus either
    [0, 15, 15, 60_000, 0], // every answer wrong, however fast
    [1, 1, 15, 180_000, 10], // left to run out of time
    [15, 15, 15, 140_000, 150 + 50 + 25],
    [13, 13, 15, 65_000, 130 + 20 + 25], // two skips cost 15 s each: (65 + 30) / 13 ≈ 7.3 s
    [10, 10, 15, 50_000, 100 + 15], // five skips: (50 + 75) / 10 = 12.5 s
    [5, 5, 15, 25_000, 50], // ten skips: (25 + 150) / 5 = 35 s
  ] as const)('competition: %i right of %i answered (%i questions) in %i ms → %i', (correct, answered, total, timeSpentMs, expected) => {
    expect(points({ correct, answered, total, mode: 'competition', timeSpentMs })).toBe(expected);
  });

  it.each([
    // correct, answered, total, timeSpentMs, expected average (ms) or null when no bonus can apply
    [0, 1, 15, 600, null],
    [1, 1, 15, 600, 600 + 14 * 15_000],
    [15, 15, 15, 150_000, 10_000],
    [10, 10, 15, 50_000, 12_500],
  ] as const)('speed average: %i right of %i answered (%i) in %i ms → %s', (correct, answered, total, timeSpentMs, expected) => {
    expect(speedAverageMs({ correct, answered, total, timeSpentMs })).toBe(expected);
  });

  it('bonus thresholds use the exact ratio', () => {
    expect(accuracyBonus(17, 19)).toBe(20); // 89.5% is not 90%
    expect(accuracyBonus(9, 10)).toBe(30);
    expect(accuracyBonus(0, 0)).toBe(0);
  });

  it('speed bonus applies to competition only, strictly under 10 s and 15 s', () => {
    expect(speedBonus('practice', 1000)).toBe(0);
    expect(speedBonus('competition', 9_999)).toBe(25);
    expect(speedBonus('competition', 10_000)).toBe(15);
    expect(speedBonus('competition', 15_000)).toBe(0);
  });

  it('percentage rounds', () => {
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(0, 0)).toBe(0);
  });
});
