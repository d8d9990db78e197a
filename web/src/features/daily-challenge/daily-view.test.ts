import { describe, expect, it } from 'vitest';
import type { DailyProgress } from '#shared/social/daily-challenge.ts';
import { completionView, optionForKey } from './daily-view.ts';

const progress = (score: number, streak: number, bonus = 0): DailyProgress => ({
  challenge_date: '2026-11-23',
  completed: true,
  score,
  total_questions: 5,
  bonus_earned: bonus,
  streak_count: streak,
  completed_at: '2026-11-23T10:00:00.000Z',
  round_points: 50,
});

describe('completion view', () => {
  it.each([
    [5, 'trophy', 100],
    [4, 'star', 80],
    [3, 'muscle', 60],
    [0, 'muscle', 0],
  ])('%i of 5 shows the %s at %i%%', (score, icon, percentage) => {
    expect(completionView(progress(score, 1))).toMatchObject({ icon, percentage });
  });

  it.each([
    [1, 'none', '1-day streak', false],
    [3, 'star', '3-day streak', true],
    [7, 'fire', '7-day streak', true],
    [14, 'bolt', '14-day streak', true],
    [30, 'crown', '30-day streak', true],
    [31, 'crown', '31-day streak', true],
  ])('a streak of %i wears the %s badge', (streak, tier, badge, milestone) => {
    const view = completionView(progress(5, streak));
    expect(view).toMatchObject({ tier, badge });
    expect(view.milestone !== null).toBe(milestone);
  });

  it('adds the bonus to the round points', () => {
    expect(completionView(progress(5, 1, 50)).points).toBe(100);
  });
});

describe('answer keys', () => {
  it.each([
    ['1', 4, 0],
    ['4', 4, 3],
    ['5', 4, null],
    ['a', 4, 0],
    ['D', 4, 3],
    ['e', 4, null],
    ['0', 4, null],
    ['Enter', 4, null],
  ] as const)('%j with %i options picks %s', (key, count, expected) => {
    expect(optionForKey(key, count)).toBe(expected);
  });
});
