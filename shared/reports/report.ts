import { SUBJECTS, type Level, type Subject } from '../constants.ts';
import { DAY_MS } from '../dates.ts';

/**
 * The progress report (docs/learning.md): pure figures from the attempts of a
 * period, plus the learner's real achievements and streak. Used by the report handler,
 * the e-mailed PDF and the web page alike. No zod here: the Lambda that builds and
 * e-mails the PDF stays small (the schemas are in contracts.ts).
 */

export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 30;
/** The weekly grid: four 7-day windows ending now, Week 1 the oldest, Week 4 the last 7 days. */
export const REPORT_WEEKS = 4;
const WEEK_MS = 7 * DAY_MS;

/** Not in the spec: reports e-mailed per account per UTC day (each one is an e-mail with a PDF to any address). */
export const REPORT_SENDS_PER_DAY = 5;

export const REPORT_MESSAGES = {
  title: 'Progress Report',
  subtitle: 'Track your learning journey and achievements',
  empty: 'No progress data available for the selected period.',
  emailPlaceholder: 'Enter email address (parent/teacher)',
  premiumRequired: 'Progress reports are part of Premium',
  tooManySends: `You can send ${REPORT_SENDS_PER_DAY} reports a day. Try again tomorrow.`,
  emailRequired: 'Enter an email address',
  invalidEmail: 'Enter a valid email address',
  emailTooLong: 'Email address is too long',
  emailNotAscii: 'Use an email address with plain letters and digits only',
  loadFailed: 'Failed to load the progress report',
  sendFailed: 'Failed to send the report',
} as const;

export const PERIOD_LABELS: Record<ReportPeriod, string> = { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 3 months' };

export interface ReportAttempt {
  subject: Subject;
  level: Level;
  score: number;
  total: number;
  timeSpentMs: number;
  completedAt: string;
}

/** A score as a whole percent. */
export const percentOf = (a: Pick<ReportAttempt, 'score' | 'total'>): number => (a.total > 0 ? Math.round((a.score / a.total) * 100) : 0);

const average = (values: readonly number[]): number => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);

/**
 * Improvement trend (docs/learning.md): the average of the second half of the scores minus the average of
 * the first half, in chronological order; with an odd count the middle score goes to the
 * second half. Fewer than two scores show no trend (0). Rounded to a whole percent.
 */
export function improvementTrend(percents: readonly number[]): number {
  if (percents.length < 2) return 0;
  const mid = Math.floor(percents.length / 2);
  return Math.round(average(percents.slice(mid)) - average(percents.slice(0, mid)));
}

/** Where the period starts: `days` whole days before now. */
export const periodStart = (now: Date, days: ReportPeriod): Date => new Date(now.getTime() - days * DAY_MS);

/** The range the report reads: the period, and at least the four weeks of the grid. */
export const readStart = (now: Date, days: ReportPeriod): Date => new Date(now.getTime() - Math.max(days * DAY_MS, REPORT_WEEKS * WEEK_MS));

export interface SubjectPerformance {
  subject: Subject;
  quizzes: number;
  averagePercent: number;
  trendPercent: number;
}
export interface ReportWeek {
  label: string;
  from: string;
  to: string;
  quizzes: number;
  averagePercent: number;
}
export interface ProgressReport {
  period: ReportPeriod;
  from: string;
  to: string;
  totalQuizzes: number;
  averageScore: number;
  studyTimeMinutes: number;
  /** Every achievement the learner has unlocked, and how many of them in the period. */
  achievements: number;
  achievementsInPeriod: number;
  /** The current streak of active days. */
  streak: number;
  improvementTrend: number;
  strongestSubject: Subject | null;
  weakestSubject: Subject | null;
  subjects: SubjectPerformance[];
  weeks: ReportWeek[];
  recommendations: string[];
}

export interface ReportInput {
  now: Date;
  days: ReportPeriod;
  /** Attempts from `readStart(now, days)` on, any order. */
  attempts: readonly ReportAttempt[];
  /** Unlock instants of every achievement the learner has. */
  achievementUnlocks: readonly string[];
  streak: number;
}

/** The whole report from the period's attempts. Attempts outside the period count only in the weekly grid. */
export function buildReport(input: ReportInput): ProgressReport {
  const { now, days } = input;
  const from = periodStart(now, days);
  const sorted = [...input.attempts].sort((a, b) => a.completedAt.localeCompare(b.completedAt));
  const inPeriod = sorted.filter((a) => a.completedAt >= from.toISOString() && a.completedAt <= now.toISOString());
  const percents = inPeriod.map(percentOf);

  const subjects: SubjectPerformance[] = SUBJECTS.flatMap((subject) => {
    const own = inPeriod.filter((a) => a.subject === subject).map(percentOf);
    return own.length ? [{ subject, quizzes: own.length, averagePercent: Math.round(average(own)), trendPercent: improvementTrend(own) }] : [];
  });
  const byAverage = [...subjects].sort((a, b) => b.averagePercent - a.averagePercent || SUBJECTS.indexOf(a.subject) - SUBJECTS.indexOf(b.subject));

  const weeks = Array.from({ length: REPORT_WEEKS }, (_, i) => {
    const weekFrom = new Date(now.getTime() - (REPORT_WEEKS - i) * WEEK_MS).toISOString();
    const weekTo = new Date(now.getTime() - (REPORT_WEEKS - 1 - i) * WEEK_MS).toISOString();
    const own = sorted.filter((a) => a.completedAt >= weekFrom && (i === REPORT_WEEKS - 1 ? a.completedAt <= weekTo : a.completedAt < weekTo)).map(percentOf);
    return { label: `Week ${i + 1}`, from: weekFrom, to: weekTo, quizzes: own.length, averagePercent: Math.round(average(own)) };
  });

  const report: ProgressReport = {
    period: days,
    from: from.toISOString(),
    to: now.toISOString(),
    totalQuizzes: inPeriod.length,
    averageScore: Math.round(average(percents)),
    studyTimeMinutes: Math.round(inPeriod.reduce((s, a) => s + a.timeSpentMs, 0) / 60_000),
    achievements: input.achievementUnlocks.length,
    achievementsInPeriod: input.achievementUnlocks.filter((at) => at >= from.toISOString() && at <= now.toISOString()).length,
    streak: input.streak,
    improvementTrend: improvementTrend(percents),
    strongestSubject: byAverage[0]?.subject ?? null,
    weakestSubject: byAverage.at(-1)?.subject ?? null,
    subjects,
    weeks,
    recommendations: [],
  };
  return { ...report, recommendations: recommendations(report) };
}

const NAMES: Record<Subject, string> = { geography: 'Geography', history: 'History', religion: 'Religion' };
export const subjectName = (s: Subject): string => NAMES[s];

/** Four recommendations (docs/learning.md) from the report's own figures. */
export function recommendations(r: Omit<ProgressReport, 'recommendations'>): string[] {
  if (r.totalQuizzes === 0) {
    return [
      'Take a quiz in each subject to start building your report.',
      'Begin with beginner quizzes and aim for 80% or more.',
      'Study a little every day: one quiz a day starts a streak.',
      'Bookmark questions you miss and review them later.',
    ];
  }
  const weakest = r.weakestSubject && r.subjects.find((s) => s.subject === r.weakestSubject);
  const strongest = r.strongestSubject && r.subjects.find((s) => s.subject === r.strongestSubject);
  return [
    weakest ? `Spend extra time on ${subjectName(weakest.subject)}: your lowest average (${weakest.averagePercent}%).` : 'Try all three subjects.',
    strongest && strongest.averagePercent >= 80
      ? `${subjectName(strongest.subject)} is going well (${strongest.averagePercent}%): try a harder level.`
      : 'Aim for 80% or more before moving up a level.',
    r.improvementTrend >= 0
      ? `Your scores are improving (+${r.improvementTrend}%): keep the same rhythm.`
      : `Your scores dipped (${r.improvementTrend}%): review incorrect answers before new quizzes.`,
    r.streak > 0 ? `Keep your ${r.streak}-day streak going with a quiz every day.` : 'Start a streak: one quiz a day builds the habit.',
  ];
}

export interface ReportSend {
  email: string;
  period: number;
  sentAt: string;
}

/** The PDF's file name: a dated progress-report file (docs/learning.md). */
export const reportFileName = (now: Date): string => `progress-report-${now.toISOString().slice(0, 10)}.pdf`;
