import { describe, expect, it, vi } from 'vitest';
import { accountChangeWatcher } from './account-change.ts';

function run(sequence: (string | null)[]) {
  const onLeave = vi.fn();
  const seen = accountChangeWatcher(onLeave);
  sequence.forEach(seen);
  return onLeave.mock.calls.length;
}

describe('accountChangeWatcher: when cached account data must go', () => {
  it('keeps it while the same account stays signed in (a profile refresh, a token renewal)', () => {
    expect(run([null, 'ana', 'ana', 'ana'])).toBe(0);
  });

  it('drops it once when the account signs out', () => {
    expect(run([null, 'ana', null, null])).toBe(1);
  });

  it('drops it when another account takes over, directly or through a restore', () => {
    expect(run(['ana', 'ben'])).toBe(1);
    expect(run(['ana', null, 'ben'])).toBe(1);
  });

  it('has nothing to drop when someone signs in from signed out', () => {
    expect(run([null, null, 'ana'])).toBe(0);
  });
});
