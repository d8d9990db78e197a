import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '#shared/quiz/achievements.ts';
import { achievementTiles, activityBars, goalPercent, streakBadge } from './insights-view.ts';

describe('last 7 days activity (1-core §2)', () => {
  const activity = [
    { day: '2026-11-16', quizzes: 0 },
    { day: '2026-11-17', quizzes: 2 },
    { day: '2026-11-18', quizzes: 4 },
    { day: '2026-11-19', quizzes: 1 },
    { day: '2026-11-20', quizzes: 0 },
    { day: '2026-11-21', quizzes: 0 },
    { day: '2026-11-22', quizzes: 3 },
  ];

  it('labels each day by its weekday, oldest first', () => {
    expect(activityBars(activity).map((b) => b.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('scales bars to the busiest day', () => {
    expect(activityBars(activity).map((b) => b.height)).toEqual([0, 50, 100, 25, 0, 0, 75]);
  });

  it('gives each bar a text alternative', () => {
    expect(activityBars(activity).slice(0, 4).map((b) => b.description)).toEqual(['Monday: 0 quizzes', 'Tuesday: 2 quizzes', 'Wednesday: 4 quizzes', 'Thursday: 1 quiz']);
  });

  it('draws no bars in a quiet week', () => {
    expect(activityBars(activity.map((a) => ({ ...a, quizzes: 0 }))).every((b) => b.height === 0)).toBe(true);
  });
});

describe('weekly goal bar', () => {
  it.each([
    [0, 5, 0],
    [3, 5, 60],
    [5, 5, 100],
    [8, 5, 100],
  ])('%i of %i → %i%%', (done, target, percent) => {
    expect(goalPercent({ done, target, met: done >= target })).toBe(percent);
  });
});

describe('streak badge (1-core §9: tiers at 3, 7, 14, 30)', () => {
  it.each([
    [0, 'none', '3 more days to the Star badge'],
    [2, 'none', '1 more day to the Star badge'],
    [3, 'star', '4 more days to the Fire badge'],
    [7, 'fire', '7 more days to the Bolt badge'],
    [14, 'bolt', '16 more days to the Crown badge'],
    [30, 'crown', null],
  ] as const)('%i days → %s, next: %s', (streak, tier, next) => {
    expect(streakBadge(streak)).toMatchObject({ tier, next });
  });
});

describe('achievement tiles (1-core §3)', () => {
  it('lists the whole catalogue, with a date only for unlocked ones', () => {
    const tiles = achievementTiles([{ achievement_id: 'first_quiz', unlocked_at: '2026-11-20T10:00:00Z' }, { achievement_id: 'retired_badge', unlocked_at: '2026-01-01T00:00:00Z' }]);
    expect(tiles).toHaveLength(ACHIEVEMENTS.length);
    expect(tiles.map((t) => t.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
    expect(tiles.filter((t) => t.unlockedAt !== null)).toEqual([expect.objectContaining({ id: 'first_quiz', unlockedAt: '2026-11-20T10:00:00Z' })]);
  });
});
