import { describe, expect, it } from 'vitest';
import { activityDataSchema, activityText, activityTypeSchema, FEED_MESSAGES, feedTimeText, isStreakMilestone, sameQuizPath } from './feed.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('feedTimeText (Just now, minutes, hours, days while under 7, then a date)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
    [7 * DAY, 'Nov 16, 2026'],
    [-5 * MIN, 'Just now'], // a clock a little ahead never shows the future
  ])('%i ms ago is %s', (elapsed, text) => {
    expect(feedTimeText(ago(elapsed), NOW, 'UTC')).toBe(text);
  });
});

describe('activity data limits (2-social §5)', () => {
  it('accepts the six activity types and refuses others with the spec message', () => {
    for (const type of ['quiz_completed', 'achievement_unlocked', 'challenge_sent', 'challenge_completed', 'streak_milestone', 'level_up']) {
      expect(activityTypeSchema.safeParse(type).success).toBe(true);
    }
    expect(activityTypeSchema.safeParse('posted').error?.issues[0]?.message).toBe(FEED_MESSAGES.invalidType);
  });

  it.each([
    [{ ['k'.repeat(50)]: 'v' }, true],
    [{ ['k'.repeat(51)]: 'v' }, false],
    [{ subject: 'x'.repeat(200) }, true],
    [{ subject: 'x'.repeat(201) }, false],
    [{ score: 8, total_questions: 10 }, true],
  ])('%j valid: %s', (data, valid) => expect(activityDataSchema.safeParse(data).success).toBe(valid));
});

describe('activityText and the Try the same quiz link', () => {
  it('says what happened', () => {
    expect(activityText({ activity_type: 'quiz_completed', activity_data: { subject: 'geography', level: 'beginner', score: 8, total_questions: 10 } })).toBe(
      'completed a Geography beginner quiz: 8/10',
    );
    expect(activityText({ activity_type: 'streak_milestone', activity_data: { days: 7 } })).toBe('reached a 7-day streak');
    expect(activityText({ activity_type: 'challenge_completed', activity_data: { subject: 'history', result: 'won', opponent_email: 'b@x.io', score: 4, total_questions: 5 } })).toBe(
      'won a History challenge against b@x.io: 4/5',
    );
  });

  it('links to the quiz an item names, and to nothing otherwise', () => {
    expect(sameQuizPath({ activity_data: { subject: 'history', level: 'expert' } })).toBe('/quiz/history/expert');
    expect(sameQuizPath({ activity_data: { achievement_id: 'first_quiz' } })).toBeNull();
  });
});

describe('isStreakMilestone', () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
    [5, false],
    [7, true],
    [14, true],
    [30, true],
    [31, false],
    [60, true],
    [90, true],
  ])('%i days: %s', (days, milestone) => expect(isStreakMilestone(days)).toBe(milestone));
});
