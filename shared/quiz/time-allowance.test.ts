import { describe, expect, it } from 'vitest';
import { TIME_MULTIPLIERS, allowedMs, parseTimeMultiplier, timeForSpeedMs, timeMultiplierLabel, timeMultiplierSchema, type TimeMultiplier } from './time-allowance.ts';

describe('allowedMs (issue 10, accessible timed play)', () => {
  it.each([
    // base, multiplier, allowed
    [300_000, 1, 300_000],
    [300_000, 1.5, 450_000],
    [300_000, 2, 600_000],
    [300_000, 'none', null],
    [10_000, 1.5, 15_000],
    [333, 1.5, 500], // rounded to whole milliseconds
    [0, 2, 0],
    [0, 'none', null],
  ] as const)('%i ms × %s → %s', (base, multiplier, expected) => {
    expect(allowedMs(base, multiplier)).toBe(expected);
  });
});

describe('the multiplier schema and labels', () => {
  it.each([1, 1.5, 2, 'none'])('accepts %j', (value) => {
    expect(timeMultiplierSchema.safeParse(value).success).toBe(true);
  });

  it.each([0, 0.5, 3, 1.25, '2', 'None', null, -1, Infinity])('refuses %j', (value) => {
    expect(timeMultiplierSchema.safeParse(value).success).toBe(false);
  });

  it.each([
    [1, 'Standard time'],
    [1.5, '1.5× time'],
    [2, 'Double time'],
    ['none', 'No time limit'],
  ] as const)('%j reads "%s"', (multiplier, label) => {
    expect(timeMultiplierLabel(multiplier)).toBe(label);
  });

  it('every multiplier survives a select value round trip', () => {
    for (const multiplier of TIME_MULTIPLIERS) expect(parseTimeMultiplier(`${multiplier}`)).toBe<TimeMultiplier>(multiplier);
    expect(parseTimeMultiplier('3')).toBeUndefined();
  });
});

describe('speed is judged relative to the player\'s own window', () => {
  it.each([
    // timeSpentMs, multiplier, as the speed bonus sees it
    [200_000, 1, 200_000],
    [300_000, 1.5, 200_000],
    [400_000, 2, 200_000],
    [400_000, 'none', 200_000], // judged like ×2
  ] as const)('%i ms at %s counts as %i ms', (spent, multiplier, expected) => {
    expect(timeForSpeedMs(spent, multiplier)).toBe(expected);
  });
});
