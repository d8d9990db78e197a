import { describe, expect, it } from 'vitest';
import { PER_ADDRESS_FACTOR, RATE_RULES, addressWindows, allows, windowStart } from './rate-limit.ts';

describe('attempt limits (1-core §5)', () => {
  it.each([
    ['signIn', 5, 5 * 60_000, 'Too many attempts. Please wait 5 minutes before trying again.'],
    ['signUp', 3, 60 * 60_000, 'Too many attempts. Please wait 1 hour before trying again.'],
  ] as const)('%s: %i attempts per %i ms', (action, max, windowMs, message) => {
    expect(RATE_RULES[action]).toMatchObject({ max, windowMs, message });
  });

  it('allows up to the maximum and refuses the next', () => {
    expect(allows(RATE_RULES.signIn, 4)).toBe(true);
    expect(allows(RATE_RULES.signIn, 5)).toBe(false);
  });

  it('counts in fixed windows', () => {
    const rule = RATE_RULES.signIn;
    expect(windowStart(rule, 5 * 60_000 + 1)).toBe(5 * 60_000);
    expect(windowStart(rule, 10 * 60_000 - 1)).toBe(5 * 60_000);
  });

  it('a school address may sign up 60 in 10 minutes and 200 a day (issue 13); other actions keep 10 × the per-e-mail limit', () => {
    expect(addressWindows(RATE_RULES.signUp)).toEqual([
      { max: 60, windowMs: 10 * 60_000 },
      { max: 200, windowMs: 24 * 60 * 60_000 },
    ]);
    expect(addressWindows(RATE_RULES.signIn)).toEqual([{ max: 5 * PER_ADDRESS_FACTOR, windowMs: 5 * 60_000 }]);
    // A class of 35 fits in one burst window, even when it straddles two.
    expect(35).toBeLessThanOrEqual(addressWindows(RATE_RULES.signUp)[0]!.max);
  });
});
