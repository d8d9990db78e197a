import { describe, expect, it } from 'vitest';
import { formatUsd, LANDING_PRICE } from './plans.ts';

describe('landing prices', () => {
  it.each([
    [0, '$0'],
    [LANDING_PRICE.premium, '$9.99'],
    [LANDING_PRICE.was, '$19.99'],
    [5, '$5.00'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });
});
