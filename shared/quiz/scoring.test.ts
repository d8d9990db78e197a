import { describe, expect, it } from 'vitest';
import { accuracyBonus, percentage, points, speedBonus } from './scoring.ts';

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

  it('averages speed over answered questions only', () => {
    expect(points({ correct: 1, total: 15, mode: 'competition', timeSpentMs: 180_000, answered: 1 })).toBe(10);
    expect(points({ correct: 15, total: 15, mode: 'competition', timeSpentMs: 140_000, answered: 15 })).toBe(150 + 50 + 25);
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
