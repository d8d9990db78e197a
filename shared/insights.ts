import type { Subject } from './constants.ts';
import { addDays, localDate } from './dates.ts';

/** Personal insights of the student dashboard (docs/quiz.md). */
export const WEEKLY_GOAL_QUIZZES = 5;

export interface SubjectTally {
  subject: Subject;
  totalQuizzes: number;
  averageScore: number;
}

export function insights(input: { subjects: readonly SubjectTally[]; weekAttempts: readonly { completedAt: string }[]; now: Date; timeZone: string }) {
  const played = input.subjects.filter((s) => s.totalQuizzes > 0);
  const quizzes = played.reduce((sum, s) => sum + s.totalQuizzes, 0);
  const averageScore = quizzes ? Math.round(played.reduce((sum, s) => sum + s.averageScore * s.totalQuizzes, 0) / quizzes) : 0;
  const strongest = played.length ? played.reduce((best, s) => (s.averageScore > best.averageScore ? s : best)) : null;

  // The last 7 calendar days in the user's zone, oldest first.
  const days: string[] = [];
  for (let day = localDate(input.now, input.timeZone), i = 0; i < 7; i++, day = addDays(day, -1)) days.unshift(day);
  const perDay = new Map(days.map((day) => [day, 0]));
  for (const attempt of input.weekAttempts) {
    const day = localDate(new Date(attempt.completedAt), input.timeZone);
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + 1);
  }
  const done = [...perDay.values()].reduce((a, b) => a + b, 0);
  return {
    averageScore,
    strongestSubject: strongest?.subject ?? null,
    weeklyGoal: { target: WEEKLY_GOAL_QUIZZES, done, met: done >= WEEKLY_GOAL_QUIZZES },
    activity: days.map((day) => ({ day, quizzes: perDay.get(day)! })),
  };
}
