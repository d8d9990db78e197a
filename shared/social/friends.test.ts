import { describe, expect, it } from 'vitest';
import { badgeText, displayedStreak, friendRequestSchema, FRIEND_MESSAGES } from './friends.ts';

describe('tab badges cap at 9+', () => {
  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i → %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe("a friend's displayed streak", () => {
  it.each([
    [4, '2026-11-23', '2026-11-23', 4], // played today
    [4, '2026-11-22', '2026-11-23', 4], // yesterday: still alive
    [4, '2026-11-21', '2026-11-23', 4], // a day's grace for zones ahead of UTC
    [4, '2026-11-20', '2026-11-23', 0], // broken
    [0, '2026-11-23', '2026-11-23', 0],
    [3, undefined, '2026-11-23', 0],
  ])('streak %i last active %s, today %s → %i', (current, day, today, shown) => {
    expect(displayedStreak(current, day, today)).toBe(shown);
  });
});

describe('friend request (2-social §5)', () => {
  it('needs a valid e-mail and takes a message of at most 500 characters', () => {
    expect(friendRequestSchema.safeParse({ email: ' Friend@Example.com ' }).data).toEqual({ email: 'friend@example.com', message: '' });
    expect(friendRequestSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(FRIEND_MESSAGES.emailRequired);
    expect(friendRequestSchema.safeParse({ email: 'no-at-sign' }).error?.issues[0]?.message).toBe(FRIEND_MESSAGES.emailInvalid);
    expect(friendRequestSchema.safeParse({ email: 'a@b.co', message: 'x'.repeat(501) }).success).toBe(false);
    expect(friendRequestSchema.safeParse({ email: 'a@b.co', message: 'x'.repeat(500) }).success).toBe(true);
  });

  it('keeps the message as written (shown as text), without control or bidi-override characters', () => {
    expect(friendRequestSchema.parse({ email: 'a@b.co', message: ' a < b, <b>hi</b>\u0007\u202E ' }).message).toBe('a < b, <b>hi</b>');
  });
});
