import { describe, expect, it } from 'vitest';
import { cardAction, formatClock, secondsLeft, timerAnnouncement } from './tournament-view.ts';

describe('card actions (2-social §2)', () => {
  const t = { participants: 10, capacity: 100, is_registered: false };
  it.each([
    [{ ...t, state: 'registration_open' }, 'register'],
    [{ ...t, state: 'active' }, 'register'],
    [{ ...t, state: 'active', is_registered: true }, 'join'],
    [{ ...t, state: 'registration_open', is_registered: true }, 'registered'],
    [{ ...t, state: 'upcoming', is_registered: true }, 'registered'],
    [{ ...t, state: 'full' }, 'full'],
    [{ ...t, state: 'active', participants: 100 }, 'full'],
    [{ ...t, state: 'full', is_registered: true }, 'registered'],
    [{ ...t, state: 'upcoming' }, 'not-open'],
    [{ ...t, state: 'finished', is_registered: true }, 'finished'],
  ] as const)('%o → %s', (input, action) => expect(cardAction(input)).toBe(action));
});

describe('countdown on the server clock', () => {
  it.each([
    [10_000, 0, 0, 10],
    [10_000, 0, 500, 10],
    [10_000, 0, 1000, 9],
    [10_000, 9_999, 0, 1],
    [10_000, 12_000, 0, 0],
    [10_000, 0, -2000, 12],
  ])('deadline %i, browser %i, offset %i → %i s', (deadline, now, offset, left) => expect(secondsLeft(deadline, now, offset)).toBe(left));

  it.each([
    [30, null],
    [11, null],
    [10, '10 seconds left'],
    [9, null],
    [5, '5 seconds left'],
    [1, null],
    [0, 'Time is up'],
  ] as const)('announces at %i: %s', (seconds, text) => expect(timerAnnouncement(seconds)).toBe(text));

  it('formats m:ss', () => {
    expect(formatClock(847)).toBe('14:07');
    expect(formatClock(5)).toBe('0:05');
  });
});
