import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { memoryStorage } from '../../lib/storage.ts';
import { createAttemptLimiter } from './attempt-limiter.ts';

const MINUTE = 60_000;

function limiterAt(start: number) {
  let now = start;
  const limiter = createAttemptLimiter(memoryStorage(), () => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

const takeTimes = (times: number, take: () => { allowed: boolean }) =>
  Array.from({ length: times }, () => take().allowed);

describe('client attempt limit (1-core §5)', () => {
  it('allows 5 sign-in attempts per e-mail in 5 minutes, then shows the 5-minute message', () => {
    const { limiter } = limiterAt(10 * 5 * MINUTE);
    expect(takeTimes(5, () => limiter.take('signIn', 'ana@example.com'))).toEqual([true, true, true, true, true]);
    expect(limiter.take('signIn', 'ana@example.com')).toEqual({ allowed: false, message: AUTH_MESSAGES.tooManySignIn });
  });

  it('allows 3 sign-up attempts per e-mail in an hour, then shows the 1-hour message', () => {
    const { limiter } = limiterAt(3 * 60 * MINUTE);
    expect(takeTimes(3, () => limiter.take('signUp', 'ana@example.com'))).toEqual([true, true, true]);
    expect(limiter.take('signUp', 'ana@example.com')).toEqual({ allowed: false, message: AUTH_MESSAGES.tooManySignUp });
  });

  it('counts each e-mail separately, ignoring case and spaces', () => {
    const { limiter } = limiterAt(0);
    takeTimes(5, () => limiter.take('signIn', 'Ana@Example.com '));
    expect(limiter.take('signIn', 'ana@example.com').allowed).toBe(false);
    expect(limiter.take('signIn', 'ben@example.com').allowed).toBe(true);
  });

  it('counts each action separately', () => {
    const { limiter } = limiterAt(0);
    takeTimes(5, () => limiter.take('signIn', 'ana@example.com'));
    expect(limiter.take('signUp', 'ana@example.com').allowed).toBe(true);
  });

  it('starts afresh in the next window, as the server does', () => {
    const { limiter, advance } = limiterAt(0);
    takeTimes(5, () => limiter.take('signIn', 'ana@example.com'));
    advance(5 * MINUTE);
    expect(limiter.take('signIn', 'ana@example.com').allowed).toBe(true);
  });
});
