import { describe, expect, it } from 'vitest';
import { RATE_RULES, allows, windowStart } from './rate-limit.ts';

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
});
