import { describe, expect, it } from 'vitest';
import { insights } from './insights.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('personal insights', () => {
  it('is all zero for a new student', () => {
    const result = insights({ subjects: [], weekAttempts: [], now, timeZone: 'UTC' });
    expect(result).toMatchObject({ averageScore: 0, strongestSubject: null, weeklyGoal: { target: 5, done: 0, met: false } });
    expect(result.activity.map((a) => a.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('weights the average by quizzes and names the strongest subject', () => {
    const result = insights({
      subjects: [
        { subject: 'history', totalQuizzes: 3, averageScore: 90 },
        { subject: 'geography', totalQuizzes: 1, averageScore: 50 },
        { subject: 'religion', totalQuizzes: 0, averageScore: 0 },
      ],
      weekAttempts: [],
      now,
      timeZone: 'UTC',
    });
    expect(result.averageScore).toBe(80);
    expect(result.strongestSubject).toBe('history');
  });

  it('counts the week’s quizzes per calendar day in the user’s zone', () => {
    const result = insights({
      subjects: [],
      weekAttempts: [{ completedAt: '2026-11-21T23:30:00Z' }, { completedAt: '2026-11-22T08:00:00Z' }, { completedAt: '2026-11-01T08:00:00Z' }],
      now,
      timeZone: 'Asia/Tokyo',
    });
    expect(result.activity.at(-1)).toEqual({ day: '2026-11-22', quizzes: 2 });
    expect(result.weeklyGoal.done).toBe(2);
  });
});
