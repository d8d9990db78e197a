import { describe, expect, it } from 'vitest';
import { remindsAt, streakOn, streakTier } from './streak.ts';

describe('streaks (1-core §4, §9)', () => {
  it.each([
    [[], '2026-11-22', 0],
    [['2026-11-22'], '2026-11-22', 1],
    [['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-22', 3],
    [['2026-11-20', '2026-11-21'], '2026-11-22', 2], // alive until today ends
    [['2026-11-19', '2026-11-20'], '2026-11-22', 0], // broken yesterday
    [['2026-11-22', '2026-11-21', '2026-11-19'], '2026-11-22', 2],
    [['2026-02-28', '2026-03-01'], '2026-03-01', 2],
    [['2025-12-31', '2026-01-01'], '2026-01-01', 2],
  ])('%j on %s → %i', (days, today, expected) => {
    expect(streakOn(days, today)).toBe(expected);
  });

  it.each([[0, 'none'], [3, 'star'], [7, 'fire'], [14, 'bolt'], [30, 'crown'], [45, 'crown']] as const)('tier at %i is %s', (streak, tier) => {
    expect(streakTier(streak)).toBe(tier);
  });

  it('reminds at multiples of 5', () => {
    expect([0, 4, 5, 10, 12, 15].filter(remindsAt)).toEqual([5, 10, 15]);
  });
});
