import { describe, expect, it } from 'vitest';
import { LEVELS, SUBJECTS, type Level } from '../constants.ts';
import {
  completionIcon,
  dailyBonus,
  dailyChallengeIdSchema,
  dailyPlan,
  datesFrom,
  milestoneText,
  nextDailyStreak,
  playableLevel,
  scoreBonus,
  streakBonus,
} from './daily-challenge.ts';

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

describe('a day\'s subject and level', () => {
  it('rotates so that any nine consecutive days hold every subject and level once', () => {
    for (const start of ['2026-01-01', '2026-11-23', '2028-02-27', '1999-12-30']) {
      const plans = datesFrom(start, 9).map((d) => `${dailyPlan(d).subject}/${dailyPlan(d).level}`);
      expect(new Set(plans).size).toBe(SUBJECTS.length * LEVELS.length);
    }
  });

  it('changes the subject every day', () => {
    const [a, b] = datesFrom('2026-11-23', 2).map(dailyPlan);
    expect(a!.subject).not.toBe(b!.subject);
  });

  it.each([
    // day's level, levels the plan opens → level played
    ['expert', ['beginner', 'advanced', 'expert'], 'expert'],
    ['advanced', ['beginner', 'advanced', 'expert'], 'advanced'],
    ['expert', ['beginner'], 'beginner'], // free plan
    ['advanced', ['beginner'], 'beginner'],
    ['beginner', ['beginner', 'advanced', 'expert'], 'beginner'],
    ['expert', ['beginner', 'advanced'], 'advanced'],
  ] as [Level, Level[], Level][])('a %s day for a plan opening %j plays %s', (day, open, expected) => {
    expect(playableLevel(day, (level) => open.includes(level))).toBe(expected);
  });
});

describe('dates and ids', () => {
  it('counts days across month and year ends', () => {
    expect(datesFrom('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(datesFrom('2028-02-28', 2)).toEqual(['2028-02-28', '2028-02-29']);
  });

  it.each([
    ['2026-11-23-beginner', true],
    ['2026-11-23-expert', true],
    ['2026-11-23-master', false],
    ['2026-13-45-beginner', false],
    ['../2026-11-23-beginner', false],
    ['', false],
  ])('%j is a challenge id: %s', (id, ok) => {
    expect(dailyChallengeIdSchema.safeParse(id).success).toBe(ok);
  });

  it('splits an id into its date and level', () => {
    expect(dailyChallengeIdSchema.parse('2026-11-23-advanced')).toEqual({ id: '2026-11-23-advanced', date: '2026-11-23', level: 'advanced' });
  });
});

describe('milestone text (2-social: labels at 3, 7, 14, 30 and above 30)', () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
    [4, false],
    [7, true],
    [14, true],
    [30, true],
    [31, true],
    [45, true],
  ])('a streak of %i has a milestone: %s', (streak, has) => {
    expect(milestoneText(streak) !== null).toBe(has);
  });
});
