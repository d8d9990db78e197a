import { percentage, points, type QuizMode } from './scoring.ts';
import { timeForSpeedMs, type TimeMultiplier } from './time-allowance.ts';

/** Grading and the round's result, from the stored answers (docs/quiz.md). */
export interface GradedAnswer {
  correct: boolean;
  /** null when skipped or left unanswered. */
  answer: string | null;
}

export function isCorrect(correctAnswer: string, answer: string): boolean {
  return answer === correctAnswer;
}

/**
 * `timeMultiplier` is the player's allowance when the round started (standard when
 * omitted): the speed bonus judges the time relative to it, the reported time is real.
 */
export function roundResult(input: {
  answers: readonly GradedAnswer[];
  total: number;
  mode: QuizMode;
  startedAt: number;
  finishedAt: number;
  deadline: number | null;
  timeMultiplier?: TimeMultiplier;
}) {
  const score = input.answers.filter((a) => a.correct).length;
  // Time stops at the deadline: a competition round cannot take longer than its limit.
  const end = input.deadline === null ? input.finishedAt : Math.min(input.finishedAt, input.deadline);
  const timeSpentMs = Math.max(0, end - input.startedAt);
  return {
    score,
    total: input.total,
    percentage: percentage(score, input.total),
    points: points({
      correct: score,
      total: input.total,
      mode: input.mode,
      timeSpentMs: timeForSpeedMs(timeSpentMs, input.timeMultiplier ?? 1),
      answered: input.answers.filter((a) => a.answer !== null).length,
    }),
    timeSpentMs,
    incorrect: input.total - score,
  };
}
