import { describe, expect, it } from 'vitest';
import { completionIcon, dailyBonus, nextDailyStreak, scoreBonus, streakBonus } from './daily-challenge.ts';

describe('daily challenge bonus (2-social §9)', () => {
  it.each([
    // score, total, bonus points → bonus
    [5, 5, 50, 50], // full score: all
    [4, 5, 50, 25], // 80 %: half
    [4, 5, 45, 22], // half rounded down
    [8, 10, 30, 15],
    [7, 10, 30, 0], // 70 %: nothing
    [0, 5, 50, 0],
    [0, 0, 50, 0],
  ])('%i of %i with %i bonus points earns %i', (score, total, bonus, expected) => {
    expect(scoreBonus(score, total, bonus)).toBe(expected);
  });

  it.each([
    [1, 0],
    [6, 0],
    [7, 25],
    [13, 25],
    [14, 75], // 25 + 50, cumulative
    [29, 75],
    [30, 175], // 25 + 50 + 100
    [45, 175],
  ])('a streak of %i adds %i', (streak, expected) => {
    expect(streakBonus(streak)).toBe(expected);
  });

  it('adds the score bonus and the streak bonus', () => {
    expect(dailyBonus({ score: 5, total: 5, bonusPoints: 50, streak: 14 })).toBe(125);
  });
});

describe('daily challenge streak', () => {
  it.each([
    [undefined, '2026-11-23', 1],
    [{ day: '2026-11-22', streak: 6 }, '2026-11-23', 7], // yesterday: one more
    [{ day: '2026-11-21', streak: 6 }, '2026-11-23', 1], // a day missed: a new streak
    [{ day: '2026-02-28', streak: 2 }, '2026-03-01', 3], // across a month end
    [{ day: '2026-11-23', streak: 4 }, '2026-11-23', 1], // same day is not yesterday (the server allows one completion a day)
  ])('last %j, completing on %s → %i', (last, today, expected) => {
    expect(nextDailyStreak(last, today)).toBe(expected);
  });
});

describe('completion icon', () => {
  it.each([
    [5, 5, 'trophy'],
    [4, 5, 'star'],
    [8, 10, 'star'],
    [3, 5, 'muscle'],
    [0, 5, 'muscle'],
  ])('%i of %i shows %s', (score, total, icon) => {
    expect(completionIcon(score, total)).toBe(icon);
  });
});
