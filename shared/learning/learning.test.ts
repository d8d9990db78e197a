import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import {
  accuracyColour,
  adaptiveView,
  createGoalSchema,
  daysRemaining,
  daysText,
  GOAL_MESSAGES,
  goalAdvice,
  goalBorder,
  learningStyleAnswersSchema,
  recommendLevel,
  scoreLearningStyle,
  stepProgress,
  targetDateProblem,
  type AttemptRow,
} from './learning.ts';

describe('recommendLevel (§4, §9: 80 % up, below 60 % down, at least 3 attempts)', () => {
  it.each([
    ['beginner', [80, 80, 80], 'advanced', 'up'],
    ['advanced', [100, 90, 80], 'expert', 'up'],
    ['expert', [100, 100, 100], 'expert', 'stay'],
    ['beginner', [100, 100], 'beginner', 'stay'],
    ['advanced', [59, 59, 60], 'beginner', 'down'],
    ['expert', [50, 50, 50], 'advanced', 'down'],
    ['beginner', [0, 0, 0], 'beginner', 'stay'],
    ['advanced', [60, 60, 60], 'advanced', 'stay'],
    ['advanced', [79, 80, 80], 'advanced', 'stay'],
    // Only the 5 newest count: old failures do not hold a player back.
    ['beginner', [90, 90, 90, 90, 90, 0, 0, 0], 'advanced', 'up'],
  ] as const)('%s with %j → %s (%s)', (level, percents, expected, move) => {
    expect(recommendLevel(level, percents)).toMatchObject({ level: expected, move });
  });
});

describe('accuracyColour (§2)', () => {
  it.each([
    [1, 'green'],
    [0.8, 'green'],
    [0.79, 'yellow'],
    [0.6, 'yellow'],
    [0.59, 'red'],
    [0, 'red'],
  ] as const)('%s → %s', (a, c) => expect(accuracyColour(a)).toBe(c));
});

describe('adaptiveView', () => {
  const at = (subject: AttemptRow['subject'], level: AttemptRow['level'], score: number, i: number): AttemptRow => ({ subject, level, score, total: 10, completedAt: `2026-01-0${9 - i}` });
  it('recommends per subject from its newest level, judges topics and builds the path', () => {
    const attempts = [at('history', 'beginner', 9, 0), at('history', 'beginner', 8, 1), at('history', 'beginner', 10, 2), at('geography', 'advanced', 3, 3), at('geography', 'advanced', 4, 4), at('geography', 'advanced', 5, 5)];
    const view = adaptiveView(attempts, [
      { subject: 'history', topic: 'rome', correct: 9, total: 10 },
      { subject: 'geography', topic: 'rivers', correct: 1, total: 5 },
      { subject: 'geography', topic: 'capitals', correct: 2, total: 2 },
    ]);
    expect(view.recommendations).toEqual([
      { subject: 'geography', currentLevel: 'advanced', recommendedLevel: 'beginner', move: 'down', recentAverage: 40, attempts: 3 },
      { subject: 'history', currentLevel: 'beginner', recommendedLevel: 'advanced', move: 'up', recentAverage: 90, attempts: 3 },
      { subject: 'religion', currentLevel: 'beginner', recommendedLevel: 'beginner', move: 'stay', recentAverage: null, attempts: 0 },
    ]);
    expect(view.strongTopics.map((t) => t.topic)).toEqual(['rome']);
    expect(view.weakTopics.map((t) => t.topic)).toEqual(['rivers']);
    expect(view.subjectAccuracy[1]).toMatchObject({ subject: 'history', quizzes: 3, accuracy: 0.9, colour: 'green' });
    expect(view.subjectAccuracy[2]).toMatchObject({ quizzes: 0, colour: null });
    expect(view.learningPath).toEqual({ currentSubject: 'history', currentLevel: 'beginner', quizzes: 3, nextMilestone: 5, progress: 60 });
  });
  it('has no path before the first quiz', () => {
    expect(adaptiveView([], []).learningPath).toBeNull();
  });
});

describe('scoreLearningStyle (§4: most picks wins)', () => {
  it.each([
    [[0, 0, 0, 1, 2], 'visual'],
    [[1, 1, 2, 1, 0], 'auditory'],
    [[2, 2, 2, 2, 2], 'kinesthetic'],
    // Ties go to the tied style picked last.
    [[0, 0, 1, 1, 2], 'auditory'],
    [[1, 1, 0, 0, 2], 'visual'],
    [[2, 0, 0, 2, 1], 'kinesthetic'],
  ] as const)('%j → %s', (answers, style) => expect(scoreLearningStyle(answers).style).toBe(style));
  it('counts every style', () => expect(scoreLearningStyle([0, 1, 1, 2, 2]).breakdown).toEqual({ visual: 1, auditory: 2, kinesthetic: 2 }));
  it('needs exactly five answers, each 0-2', () => {
    expect(learningStyleAnswersSchema.safeParse({ answers: [0, 1, 2, 0] }).success).toBe(false);
    expect(learningStyleAnswersSchema.safeParse({ answers: [0, 1, 2, 0, 3] }).success).toBe(false);
    expect(learningStyleAnswersSchema.safeParse({ answers: [0, 1, 2, 0, 1] }).success).toBe(true);
  });
});

describe('study goals (§2, §4, §5, §9)', () => {
  it.each([
    [0, 10, false],
    [80, 90, false],
    [90, 100, true],
    [95, 100, true],
    [100, 100, true],
  ])('progress %i → %i (completed %s)', (from, to, completed) => expect(stepProgress(from)).toEqual({ progress: to, completed }));

  it.each([
    [5, '5 days left'],
    [1, '1 day left'],
    [0, 'Due today'],
    [-1, '1 day overdue'],
    [-3, '3 days overdue'],
  ])('days %i → %s', (d, text) => expect(daysText(d)).toBe(text));

  it.each([
    [true, -5, 'green'],
    [false, -1, 'red'],
    [false, 0, 'yellow'],
    [false, 7, 'yellow'],
    [false, 8, 'indigo'],
  ] as const)('completed %s, %i days → %s', (c, d, colour) => expect(goalBorder(c, d)).toBe(colour));

  it.each([
    [0, 30, ['Start with History basics - take 2-3 beginner quizzes']],
    [24, 30, ['Start with History basics - take 2-3 beginner quizzes']],
    [25, 30, ['Focus on weak areas - review incorrect answers']],
    [50, 14, ['Practice advanced questions - aim for 80%+ accuracy']],
    [74, 13, ['Practice advanced questions - aim for 80%+ accuracy', 'Increase study time by 50%']],
    [75, 7, ['Final preparation - take practice tests', 'Increase study time by 50%']],
    [100, 6, ['Final preparation - take practice tests', 'Intensive review mode - 2x daily practice']],
    [10, -2, ['Start with History basics - take 2-3 beginner quizzes', 'Intensive review mode - 2x daily practice']],
  ])('progress %i, %i days → %j', (p, d, advice) => expect(goalAdvice(p, d, 'history')).toEqual(advice));

  it('counts days between dates and defaults 30 days ahead', () => {
    expect(daysRemaining('2026-03-01', '2026-02-27')).toBe(2);
    expect(daysRemaining('2026-01-01', '2026-01-03')).toBe(-2);
    expect(addDays('2026-01-15', 30)).toBe('2026-02-14');
  });

  it('validates the form with the limits 15-180 minutes and 1-21 quizzes', () => {
    const ok = { title: ' Capitals ', target_date: addDays(new Date().toISOString().slice(0, 10), 10), subject: 'geography', level: 'beginner' };
    expect(createGoalSchema.parse(ok)).toMatchObject({ title: 'Capitals', daily_minutes: 30, weekly_quizzes: 5, description: '' });
    for (const [field, value, message] of [
      ['daily_minutes', 14, GOAL_MESSAGES.minutes],
      ['daily_minutes', 181, GOAL_MESSAGES.minutes],
      ['weekly_quizzes', 0, GOAL_MESSAGES.quizzes],
      ['weekly_quizzes', 22, GOAL_MESSAGES.quizzes],
      ['title', '   ', GOAL_MESSAGES.titleRequired],
      ['target_date', '', GOAL_MESSAGES.dateRequired],
    ] as const) {
      const result = createGoalSchema.safeParse({ ...ok, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(createGoalSchema.safeParse({ ...ok, daily_minutes: 180, weekly_quizzes: 21 }).success).toBe(true);
    expect(createGoalSchema.safeParse({ ...ok, daily_minutes: 15, weekly_quizzes: 1 }).success).toBe(true);
  });
});

describe('target dates (issue 17)', () => {
  it.each([
    ['2026-03-01', null],
    ['2026-02-28', null],
    ['2026-02-27', null],
    ['2026-02-26', GOAL_MESSAGES.datePast],
    ['2031-02-28', null],
    ['2031-03-01', GOAL_MESSAGES.dateTooFar],
    ['2026-02-31', GOAL_MESSAGES.dateInvalid],
    ['2026-04-31', GOAL_MESSAGES.dateInvalid],
    ['2028-02-29', null],
    ['2027-02-29', GOAL_MESSAGES.dateInvalid],
    ['0001-01-01', GOAL_MESSAGES.datePast],
    ['9999-12-31', GOAL_MESSAGES.dateTooFar],
    ['2026-3-1', GOAL_MESSAGES.dateInvalid],
    ['2026-03-01T00:00', GOAL_MESSAGES.dateInvalid],
  ] as const)('%s on 2026-02-28 → %s', (date, problem) => expect(targetDateProblem(date, '2026-02-28')).toBe(problem));
});
