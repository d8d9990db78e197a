import type { Level, Subject } from '#shared/constants.ts';
import { SUBJECTS } from '#shared/constants.ts';
import type { ProgressResponse } from '#shared/quiz/contracts.ts';

/** Level buttons on the subject cards (docs/quiz.md): what they say and which colour they wear. */

export type LevelTone = 'mastered' | 'started' | 'new';

const quizzes = (count: number) => `${count} ${count === 1 ? 'quiz' : 'quizzes'}`;

/** 100 → "Mastered · N quizzes"; above 0 → "N% complete"; otherwise "Start Learning". */
export function levelButtonLabel(progress: number, quizCount: number): string {
  if (progress >= 100) return `Mastered · ${quizzes(quizCount)}`;
  if (progress > 0) return `${Math.round(progress)}% complete`;
  return 'Start Learning';
}

/** Green when mastered, blue when started, grey otherwise (the label says the same in words). */
export function levelTone(progress: number): LevelTone {
  if (progress >= 100) return 'mastered';
  if (progress > 0) return 'started';
  return 'new';
}

export const quizPath = (subject: Subject, level: Level): string => `/quiz/${subject}/${level}`;

export const SUBJECT_STATUS_LABEL: Record<ProgressResponse['subjects'][number]['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  mastered: 'Mastered',
};

const emptyTally = { quizzes: 0, averageScore: 0, progress: 0 };

/** The parts of GET /api/progress this dashboard shows. */
export type DashboardProgress = Pick<ProgressResponse, 'subjects' | 'totals' | 'recentAttempts' | 'access'>;

/** What the dashboard shows when progress cannot be loaded (docs/quiz.md): zeros for every subject. */
export function emptyProgress(levels: ProgressResponse['access']['levels'], roundsLeftToday: number): DashboardProgress {
  return {
    subjects: SUBJECTS.map((subject) => ({
      subject,
      totalQuizzes: 0,
      averageScore: 0,
      progressPercentage: 0,
      status: 'not-started' as const,
      levelProgress: { beginner: emptyTally, advanced: emptyTally, expert: emptyTally },
    })),
    totals: { attempts: 0, points: 0, streak: 0 },
    recentAttempts: [],
    access: { levels, roundsLeftToday },
  };
}
