import { describe, expect, it } from 'vitest';
import { CHALLENGE_EXPIRY_MS, challengeWinner, isExpired } from './friend-challenge.ts';

const a = (score: number, total: number) => ({ userId: 'a', score, total });
const b = (score: number, total: number) => ({ userId: 'b', score, total });

describe('friend challenge winner (higher score ratio, tie: none)', () => {
  it.each([
    [a(8, 10), b(7, 10), 'a'],
    [a(7, 10), b(8, 10), 'b'],
    [a(5, 10), b(5, 10), null],
    [a(2, 4), b(5, 10), null], // same ratio
    [a(0, 10), b(0, 10), null],
    [a(3, 5), b(5, 10), 'a'], // 60 % beats 50 %
  ])('%j vs %j → %s', (left, right, winner) => {
    expect(challengeWinner(left, right)).toBe(winner);
  });
});

describe('challenge expiry', () => {
  it('is 7 days, and a challenge is expired from that instant on', () => {
    const created = Date.UTC(2026, 10, 16);
    const expires = created + CHALLENGE_EXPIRY_MS;
    expect(new Date(expires).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isExpired(expires, expires - 1)).toBe(false);
    expect(isExpired(expires, expires)).toBe(true);
  });
});
