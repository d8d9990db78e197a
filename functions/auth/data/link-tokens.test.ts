import { describe, expect, it } from 'vitest';
import { stateOf } from './link-tokens.ts';

describe('link token state', () => {
  const record = { purpose: 'reset-password' as const, email: 'a@b.co', expiresAtMs: 1_000 };
  it.each([
    [undefined, 'reset-password', 0, 'unknown'],
    [record, 'confirm-sign-up', 0, 'unknown'],
    [record, 'reset-password', 999, 'valid'],
    [record, 'reset-password', 1_000, 'expired'],
    [{ ...record, usedAtMs: 10 }, 'reset-password', 20, 'used'],
  ] as const)('%j for %s at %i → %s', (r, purpose, now, state) => {
    expect(stateOf(r, purpose, now)).toBe(state);
  });
});
