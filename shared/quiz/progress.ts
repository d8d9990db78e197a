/** Level and subject progress of 1-core §4 and §9. */

export interface Tally {
  quizzes: number;
  /** Average score in percent, 0 to 100. */
  averageScore: number;
}

/** Level buttons: 100 at an 80% average over 5 quizzes; else 60 on quizzes (capped at 8) and 0.4 on the average. */
export function levelProgress({ quizzes, averageScore }: Tally): number {
  if (quizzes <= 0) return 0;
  if (averageScore >= 80 && quizzes >= 5) return 100;
  return Math.round(60 * Math.min(quizzes / 8, 1) + 0.4 * averageScore);
}

export type SubjectStatus = 'not-started' | 'in-progress' | 'mastered';

/** Subject cards: mastered at an 85% average over 15 attempts; else 70 on attempts (capped at 20) and 0.3 on the average. */
export function subjectProgress({ quizzes, averageScore }: Tally): { status: SubjectStatus; progress: number } {
  if (quizzes <= 0) return { status: 'not-started', progress: 0 };
  if (averageScore >= 85 && quizzes >= 15) return { status: 'mastered', progress: 100 };
  return { status: 'in-progress', progress: Math.round(70 * Math.min(quizzes / 20, 1) + 0.3 * averageScore) };
}
