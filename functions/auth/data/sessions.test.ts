import { describe, expect, it } from 'vitest';
import { issuedBeforeCutoff } from './sessions.ts';

describe('tokens against the account cutoff (whole-second iat)', () => {
  it.each([
    [12, 12_700, true], // issued in the cutoff's second: may be before it
    [12, 12_000, false], // the cutoff fell exactly on the second the token was issued in
    [13, 12_700, false], // the next second is wholly after the cutoff
    [11, 12_000, true],
  ])('iat %i, cutoff %i ms → before: %s', (iat, cutoffMs, before) => {
    expect(issuedBeforeCutoff(iat, cutoffMs)).toBe(before);
  });
});
