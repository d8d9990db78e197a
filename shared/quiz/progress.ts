/** Level and subject progress (docs/quiz.md). */

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

/** A level's stored tally (the PROGRESS item): quizzes and the sum of their percents. */
export interface LevelTally {
  subject: string;
  level: string;
  quizzes: number;
  score_sum: number;
}

export interface SubjectSummary<S extends string = string, L extends string = string> {
  subject: S;
  totalQuizzes: number;
  averageScore: number;
  progressPercentage: number;
  status: SubjectStatus;
  levelProgress: Record<L, { quizzes: number; averageScore: number; progress: number }>;
}

/**
 * The subject cards' figures from the level tallies (docs/quiz.md): the dashboard, the parent's
 * and the teacher's views all read them from here.
 */
export function summariseSubjects<S extends string, L extends string>(subjects: readonly S[], levels: readonly L[], rows: readonly LevelTally[]): SubjectSummary<S, L>[] {
  return subjects.map((subject) => {
    const tallies = levels.map((level) => {
      const row = rows.find((r) => r.subject === subject && r.level === level);
      const quizzes = Number(row?.quizzes ?? 0);
      const scoreSum = Number(row?.score_sum ?? 0);
      const averageScore = quizzes ? Math.round(scoreSum / quizzes) : 0;
      return { level, quizzes, averageScore, scoreSum, progress: levelProgress({ quizzes, averageScore }) };
    });
    const totalQuizzes = tallies.reduce((sum, t) => sum + t.quizzes, 0);
    const averageScore = totalQuizzes ? Math.round(tallies.reduce((sum, t) => sum + t.scoreSum, 0) / totalQuizzes) : 0;
    const { status, progress } = subjectProgress({ quizzes: totalQuizzes, averageScore });
    const levelProgressByLevel = Object.fromEntries(tallies.map(({ level, quizzes, averageScore: avg, progress: p }) => [level, { quizzes, averageScore: avg, progress: p }])) as SubjectSummary<S, L>['levelProgress'];
    return { subject, totalQuizzes, averageScore, progressPercentage: progress, status, levelProgress: levelProgressByLevel };
  });
}

/** The average percent over every quiz of the tallies (0 with none). */
export function overallAverage(rows: readonly LevelTally[]): number {
  const quizzes = rows.reduce((sum, r) => sum + Number(r.quizzes ?? 0), 0);
  return quizzes ? Math.round(rows.reduce((sum, r) => sum + Number(r.score_sum ?? 0), 0) / quizzes) : 0;
}
