import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { overallAverage, summariseSubjects, type LevelTally } from '../quiz/progress.ts';
import type { StudentSummary } from './parents.ts';

/**
 * A student's figures as a parent or a teacher sees them, from the data the quiz area keeps:
 * the level tallies (averages, progress), the attempts of the last days (study time) and the
 * active days (streak, counted by shared/quiz/streak.ts before it gets here).
 */
export interface AttemptRow {
  subject: Subject;
  level: Level;
  score: number;
  total_questions: number;
  /** Milliseconds spent in the round. */
  time_spent: number;
  completed_at: string;
}

export { PARENT_LIMITS } from './limits.ts';

const HOUR_MS = 60 * 60 * 1000;
export const STUDY_WINDOW_DAYS = 7;

/** Hours (one decimal) spent in the rounds finished in the `days` before `now`. */
const inWindow = (completedAt: string, now: Date, days: number): boolean => {
  const at = Date.parse(completedAt);
  return at >= now.getTime() - days * 24 * HOUR_MS && at <= now.getTime();
};

export function studyHours(attempts: readonly Pick<AttemptRow, 'time_spent' | 'completed_at'>[], now: Date, days = STUDY_WINDOW_DAYS): number {
  const ms = attempts.filter((a) => inWindow(a.completed_at, now, days)).reduce((sum, a) => sum + Math.max(0, a.time_spent), 0);
  return Math.round((ms / HOUR_MS) * 10) / 10;
}

export const percentOf = (score: number, total: number): number => (total > 0 ? Math.round((score / total) * 100) : 0);

export function studentSummary(input: { tallies: readonly LevelTally[]; recent: readonly AttemptRow[]; lastDays: readonly AttemptRow[]; streak: number; now: Date }): StudentSummary {
  return {
    average_score: overallAverage(input.tallies),
    quizzes: input.tallies.reduce((sum, t) => sum + Number(t.quizzes ?? 0), 0),
    study_hours_7d: studyHours(input.lastDays, input.now),
    quizzes_7d: input.lastDays.filter((a) => inWindow(a.completed_at, input.now, STUDY_WINDOW_DAYS)).length,
    streak: input.streak,
    recent_attempts: input.recent.map((a) => ({
      subject: a.subject,
      level: a.level,
      score: a.score,
      total_questions: a.total_questions,
      percent: percentOf(a.score, a.total_questions),
      completed_at: a.completed_at,
    })),
    subjects: summariseSubjects(SUBJECTS, LEVELS, input.tallies).map(({ levelProgress: _levels, ...subject }) => subject),
  };
}

/** The weekly e-mail's lines for one student (plain text; the HTML wraps the same lines). */
export function weeklySummaryLines(studentEmail: string, s: StudentSummary): string[] {
  const best = [...s.subjects].filter((x) => x.totalQuizzes > 0).sort((a, b) => b.averageScore - a.averageScore)[0];
  return [
    `Weekly summary for ${studentEmail}`,
    `Quizzes this week: ${s.quizzes_7d}`,
    `Study time this week: ${s.study_hours_7d} h`,
    `Average score (all quizzes): ${s.average_score}%`,
    `Current streak: ${s.streak} ${s.streak === 1 ? 'day' : 'days'}`,
    best ? `Strongest subject: ${best.subject} (${best.averageScore}%)` : 'No quizzes finished yet.',
  ];
}
