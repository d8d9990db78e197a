import { describe, expect, it } from 'vitest';
import { PARENT_MESSAGES, requestProblem, showsData } from './parents.ts';
import { studentSummary, studyHours, weeklySummaryLines, type AttemptRow } from './summary.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 86_400_000;
const attempt = (daysAgo: number, subject: AttemptRow['subject'], score: number, minutes: number): AttemptRow => ({
  subject,
  level: 'beginner',
  score,
  total_questions: 10,
  time_spent: minutes * 60_000,
  completed_at: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
});

describe('what a parent sees', () => {
  it.each([
    ['pending', false],
    ['declined', false],
    ['accepted', true],
  ] as const)('a %s link shows data: %s', (status, shows) => {
    expect(showsData(status)).toBe(shows);
  });

  it.each([
    [undefined, undefined],
    ['pending', PARENT_MESSAGES.alreadyLinked],
    ['accepted', PARENT_MESSAGES.alreadyLinked],
    ['declined', PARENT_MESSAGES.declined],
  ] as const)('a new request over a %s link: %s', (status, problem) => {
    expect(requestProblem(status)).toBe(problem);
  });

  it.each([
    [[], 0],
    [[attempt(1, 'geography', 8, 90)], 1.5],
    [[attempt(1, 'geography', 8, 90), attempt(6.9, 'history', 8, 30)], 2],
    [[attempt(7.1, 'history', 8, 600)], 0],
    [[attempt(0, 'history', 8, 20)], 0.3],
  ])('study time over the last 7 days: %j is %d h', (attempts, hours) => {
    expect(studyHours(attempts, NOW)).toBe(hours);
  });

  it('the summary: overall average over every quiz, week figures, subjects from the tallies', () => {
    const summary = studentSummary({
      tallies: [
        { subject: 'geography', level: 'beginner', quizzes: 3, score_sum: 270 },
        { subject: 'history', level: 'advanced', quizzes: 1, score_sum: 50 },
      ],
      recent: [attempt(0.5, 'history', 5, 10)],
      lastDays: [attempt(0.5, 'history', 5, 10), attempt(2, 'geography', 9, 50), attempt(8, 'geography', 9, 500)],
      streak: 4,
      now: NOW,
    });
    expect(summary).toMatchObject({ average_score: 80, quizzes: 4, study_hours_7d: 1, quizzes_7d: 2, streak: 4 });
    expect(summary.recent_attempts).toEqual([expect.objectContaining({ subject: 'history', percent: 50 })]);
    expect(summary.subjects.map((s) => [s.subject, s.totalQuizzes, s.averageScore, s.status])).toEqual([
      ['geography', 3, 90, 'in-progress'],
      ['history', 1, 50, 'in-progress'],
      ['religion', 0, 0, 'not-started'],
    ]);
    expect(weeklySummaryLines('kid@example.com', summary)).toEqual([
      'Weekly summary for kid@example.com',
      'Quizzes this week: 2',
      'Study time this week: 1 h',
      'Average score (all quizzes): 80%',
      'Current streak: 4 days',
      'Strongest subject: geography (90%)',
    ]);
  });
});
