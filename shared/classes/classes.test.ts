import { describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, classCodeSchema, classSummary, completionOf, dueDateProblem, dueInstant, isActive, makeClassCode, scoreRow, type PlayedRound } from './classes.ts';

const round = (subject: PlayedRound['subject'], level: PlayedRound['level'], score: number, completed_at: string): PlayedRound => ({ subject, level, score, total_questions: 10, completed_at });

describe('class codes', () => {
  it('are 8 characters without look-alikes', () => {
    let i = 0;
    const code = makeClassCode((n) => i++ % n);
    expect(code).toBe('ABCDEFGH');
    expect(makeClassCode((n) => n - 1)).toBe('99999999');
  });

  it.each([
    ['abcd efgh', 'ABCDEFGH'],
    ['ABCD-EFGH', 'ABCDEFGH'],
    [' k7m2 p9qr ', 'K7M2P9QR'],
  ])('%j is read as %s', (input, code) => {
    expect(classCodeSchema.parse(input)).toBe(code);
  });

  it.each(['abc', 'ABCDEFGHJ', 'ABCDEFG0', 'ABCDEFGI', ''])('%j is refused with the join message', (input) => {
    const parsed = classCodeSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(CLASS_MESSAGES.codeInvalid);
  });
});

describe('assignments', () => {
  const assignment = { subject: 'history', level: 'beginner', created_at: '2026-11-20T10:00:00.000Z', due_at: dueInstant('2026-11-22') } as const;

  it('are due at the end of the due date, UTC', () => {
    expect(dueInstant('2026-11-22')).toBe('2026-11-22T23:59:59.999Z');
  });

  it.each([
    ['a round of that subject and level after it was set and by the due date', [round('history', 'beginner', 7, '2026-11-21T09:00:00Z')], 7],
    ['the best of several (the earliest of equals)', [round('history', 'beginner', 6, '2026-11-21T09:00:00Z'), round('history', 'beginner', 9, '2026-11-22T20:00:00Z')], 9],
    ['not a round before it was set', [round('history', 'beginner', 10, '2026-11-20T09:59:59Z')], undefined],
    ['not a round after the due date', [round('history', 'beginner', 10, '2026-11-23T00:00:00Z')], undefined],
    ['not another level', [round('history', 'advanced', 10, '2026-11-21T09:00:00Z')], undefined],
    ['not another subject', [round('geography', 'beginner', 10, '2026-11-21T09:00:00Z')], undefined],
  ] as const)('counts %s', (_, rounds, score) => {
    expect(completionOf(assignment, rounds)?.score).toBe(score);
  });

  it.each([
    ['2026-11-23', undefined],
    ['2026-11-22', undefined],
    ['2026-11-21', CLASS_MESSAGES.dueDateInvalid],
    ['2027-11-23', undefined],
    ['2027-11-24', CLASS_MESSAGES.dueDateInvalid],
    ['2026-02-30', CLASS_MESSAGES.dueDateInvalid],
  ])('due date %s on 2026-11-23: %s', (date, problem) => {
    expect(dueDateProblem(date, new Date('2026-11-23T12:00:00Z'))).toBe(problem);
  });
});

describe('the class table', () => {
  it.each([
    [0, false],
    [2, false],
    [2.1, true],
  ])('a student with %d h of study in the last 7 days is active: %s (the spec’s study_time over 2)', (hours, active) => {
    expect(isActive(hours)).toBe(active);
  });

  it('a score row leaves subjects without quizzes empty, not 0', () => {
    const row = scoreRow({
      userId: 'u',
      email: 'a@b.co',
      joinedAt: 'x',
      subjects: [
        { subject: 'geography', totalQuizzes: 2, averageScore: 85 },
        { subject: 'history', totalQuizzes: 0, averageScore: 0 },
        { subject: 'religion', totalQuizzes: 1, averageScore: 40 },
      ],
      overall: 70,
      studyHours7d: 3,
    });
    expect(row).toMatchObject({ geography_score: 85, history_score: null, religion_score: 40, overall_score: 70, quizzes: 3, active: true });
    expect(scoreRow({ userId: 'v', email: 'c@d.co', joinedAt: 'x', subjects: [], overall: 0, studyHours7d: 0 }).overall_score).toBeNull();
  });

  it('summary cards: students, average of those with quizzes, active students, quizzes', () => {
    const rows = [
      scoreRow({ userId: 'a', email: 'a', joinedAt: 'x', subjects: [{ subject: 'geography', totalQuizzes: 4, averageScore: 90 }], overall: 90, studyHours7d: 2.5 }),
      scoreRow({ userId: 'b', email: 'b', joinedAt: 'x', subjects: [{ subject: 'history', totalQuizzes: 1, averageScore: 55 }], overall: 55, studyHours7d: 1 }),
      scoreRow({ userId: 'c', email: 'c', joinedAt: 'x', subjects: [], overall: 0, studyHours7d: 0 }),
    ];
    expect(classSummary(rows)).toEqual({ students: 3, average_score: 73, active_students: 1, quizzes: 5 });
    expect(classSummary([])).toEqual({ students: 0, average_score: null, active_students: 0, quizzes: 0 });
  });
});
