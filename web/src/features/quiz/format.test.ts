import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, optionIndexForKey, optionLabel, optionLetter } from './format.ts';

describe('m:ss clock (1-core §2 completion time, competition timer)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [300, '5:00'],
    [599, '9:59'],
    [600, '10:00'],
    [-3, '0:00'],
    [61.9, '1:01'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it('rounds milliseconds down to the second', () => {
    expect(formatDuration(83_999)).toBe('1:23');
    expect(formatDuration(0)).toBe('0:00');
  });
});

describe('option letters', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [2, 'C'],
    [3, 'D'],
    [5, 'F'],
  ])('option %i is %s', (index, letter) => {
    expect(optionLetter(index)).toBe(letter);
  });

  it('labels an option "A. Paris"', () => {
    expect(optionLabel(0, 'Paris')).toBe('A. Paris');
  });
});

describe('answer keys: 1–9 and A–Z choose an option', () => {
  it.each<[string, number, number | null]>([
    ['1', 4, 0],
    ['4', 4, 3],
    ['5', 4, null],
    ['0', 4, null],
    ['a', 4, 0],
    ['D', 4, 3],
    ['e', 4, null],
    ['E', 6, 4],
    ['Enter', 4, null],
    [' ', 4, null],
    ['ArrowDown', 4, null],
  ])('%j with %i options → %s', (key, count, expected) => {
    expect(optionIndexForKey(key, count)).toBe(expected);
  });
});
