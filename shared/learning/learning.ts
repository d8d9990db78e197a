import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { addDays, daysBetween } from '../dates.ts';

/**
 * Smart Learning, the learning-style assessment and study goals (docs/learning.md):
 * pure rules shared by the pages and the Lambdas.
 */

// ---------------------------------------------------------------- Smart Learning

export const ADAPTIVE = {
  /** A level moves when at least this many attempts at it exist… */
  minAttempts: 3,
  /** …and the average of the recent ones is at least this (up)… */
  upPercent: 80,
  /** …or below this (down). */
  downPercent: 60,
  /** "Recent attempts": the newest attempts at a subject and level that count (the learning path's milestone). */
  recentAttempts: 5,
  /** Learning path milestone: every 5 quizzes at the current subject and level. */
  milestone: 5,
  /** A topic is judged after this many answered questions of it. */
  topicMinQuestions: 3,
  topicsShown: 5,
} as const;

export type Recommendation = 'up' | 'down' | 'stay';

/** Up at ≥ 80 % over ≥ 3 attempts, down below 60 % over ≥ 3 attempts (docs/learning.md); percents are per attempt. */
export function recommendLevel(level: Level, percents: readonly number[]): { level: Level; move: Recommendation; average: number | null } {
  const recent = percents.slice(0, ADAPTIVE.recentAttempts);
  const exact = recent.length ? recent.reduce((a, b) => a + b, 0) / recent.length : null;
  const average = exact === null ? null : Math.round(exact);
  const at = LEVELS.indexOf(level);
  if (exact !== null && recent.length >= ADAPTIVE.minAttempts) {
    if (exact >= ADAPTIVE.upPercent && at < LEVELS.length - 1) return { level: LEVELS[at + 1]!, move: 'up', average };
    if (exact < ADAPTIVE.downPercent && at > 0) return { level: LEVELS[at - 1]!, move: 'down', average };
  }
  return { level, move: 'stay', average };
}

export type AccuracyColour = 'green' | 'yellow' | 'red';

/** Accuracy colours (docs/learning.md): at least 0.8 green, at least 0.6 yellow, otherwise red. */
export const accuracyColour = (accuracy: number): AccuracyColour => (accuracy >= 0.8 ? 'green' : accuracy >= 0.6 ? 'yellow' : 'red');

export interface AttemptRow {
  subject: Subject;
  level: Level;
  score: number;
  total: number;
  completedAt: string;
}
export interface TopicTally {
  subject: Subject;
  topic: string;
  correct: number;
  total: number;
}

export interface TopicView extends TopicTally {
  accuracy: number;
}

/**
 * The whole Smart Learning view from the player's attempts (newest first) and topic tallies.
 * A subject's current level is the level of its newest attempt (beginner when never played).
 */
export function adaptiveView(attempts: readonly AttemptRow[], topics: readonly TopicTally[]) {
  const percent = (a: AttemptRow) => (a.total > 0 ? (a.score / a.total) * 100 : 0);
  const recommendations = SUBJECTS.map((subject) => {
    const mine = attempts.filter((a) => a.subject === subject);
    const current: Level = mine[0]?.level ?? 'beginner';
    const atLevel = mine.filter((a) => a.level === current);
    const rec = recommendLevel(current, atLevel.map(percent));
    return { subject, currentLevel: current, recommendedLevel: rec.level, move: rec.move, recentAverage: rec.average, attempts: atLevel.length };
  });
  const subjectAccuracy = SUBJECTS.map((subject) => {
    const mine = attempts.filter((a) => a.subject === subject);
    const correct = mine.reduce((s, a) => s + a.score, 0);
    const total = mine.reduce((s, a) => s + a.total, 0);
    const accuracy = total ? correct / total : 0;
    return { subject, quizzes: mine.length, accuracy, colour: total ? accuracyColour(accuracy) : null };
  });
  const judged: TopicView[] = topics.filter((t) => t.total >= ADAPTIVE.topicMinQuestions).map((t) => ({ ...t, accuracy: t.correct / t.total }));
  const strongTopics = judged.filter((t) => t.accuracy >= 0.8).sort((a, b) => b.accuracy - a.accuracy || b.total - a.total).slice(0, ADAPTIVE.topicsShown);
  const weakTopics = judged.filter((t) => t.accuracy < 0.6).sort((a, b) => a.accuracy - b.accuracy || b.total - a.total).slice(0, ADAPTIVE.topicsShown);

  const newest = attempts[0];
  const path = newest
    ? (() => {
        const done = attempts.filter((a) => a.subject === newest.subject && a.level === newest.level).length;
        const intoMilestone = done % ADAPTIVE.milestone;
        return {
          currentSubject: newest.subject,
          currentLevel: newest.level,
          quizzes: done,
          nextMilestone: done - intoMilestone + ADAPTIVE.milestone,
          progress: Math.round((intoMilestone / ADAPTIVE.milestone) * 100),
        };
      })()
    : null;
  return { learningPath: path, recommendations, subjectAccuracy, strongTopics, weakTopics };
}
export type AdaptiveView = ReturnType<typeof adaptiveView>;

// ---------------------------------------------------------------- Learning style

export const LEARNING_STYLES = ['visual', 'auditory', 'kinesthetic'] as const;
export type LearningStyle = (typeof LEARNING_STYLES)[number];

/** Five questions; option i of every question stands for LEARNING_STYLES[i] (docs/learning.md: 5 questions, 3 styles). */
export const ASSESSMENT_QUESTIONS = [
  { question: 'When you learn something new, what helps you most?', options: ['Diagrams, maps and pictures', 'Someone explaining it out loud', 'Trying it out myself'] },
  { question: 'How do you best remember a historical date?', options: ['Seeing it on a timeline', 'Saying it aloud or hearing it in a story', 'Writing it down or acting it out'] },
  { question: 'When you study a new country, you prefer to…', options: ['Look at its map and flag', 'Listen to a podcast or video about it', 'Build a model or play a game about it'] },
  { question: 'In class, you concentrate best when…', options: ['The teacher uses slides and charts', 'There is a discussion', 'There is a hands-on activity'] },
  { question: 'When you revise for a quiz, you usually…', options: ['Highlight notes and draw mind maps', 'Repeat facts out loud or with a friend', 'Practise with quizzes and flashcards'] },
] as const;

export const STYLE_NAMES: Record<LearningStyle, string> = { visual: 'Visual', auditory: 'Auditory', kinesthetic: 'Kinesthetic' };

export const STYLE_DESCRIPTIONS: Record<LearningStyle, string> = {
  visual: 'You learn best with pictures, maps, diagrams and timelines.',
  auditory: 'You learn best by listening, discussing and explaining out loud.',
  kinesthetic: 'You learn best by doing: practice quizzes, hands-on activities and movement.',
};

export const learningStyleAnswersSchema = z.object({
  answers: z.array(z.number().int().min(0).max(LEARNING_STYLES.length - 1)).length(ASSESSMENT_QUESTIONS.length, 'Answer all five questions'),
});

/**
 * The style with the most picks wins (docs/learning.md). A tie (2-2-1) goes to the style among the tied that
 * was picked last, so the final answers break it; breakdown counts every style.
 */
export function scoreLearningStyle(answers: readonly number[]): { style: LearningStyle; breakdown: Record<LearningStyle, number> } {
  const breakdown: Record<LearningStyle, number> = { visual: 0, auditory: 0, kinesthetic: 0 };
  for (const a of answers) breakdown[LEARNING_STYLES[a]!] += 1;
  const most = Math.max(...Object.values(breakdown));
  const tied = LEARNING_STYLES.filter((s) => breakdown[s] === most);
  const lastPicked = [...answers].reverse().map((a) => LEARNING_STYLES[a]!).find((s) => tied.includes(s));
  return { style: lastPicked ?? tied[0]!, breakdown };
}

export const learningStyleSchema = z.object({
  learning_style: z.enum(LEARNING_STYLES),
  assessment_completed: z.literal(true),
  assessment_date: z.string(),
  style_breakdown: z.object({ visual: z.number(), auditory: z.number(), kinesthetic: z.number() }),
});
export type LearningStyleResult = z.infer<typeof learningStyleSchema>;

// ---------------------------------------------------------------- Study goals

export const GOAL_LIMITS = {
  titleMax: 100,
  descriptionMax: 500,
  minutesMin: 15,
  minutesMax: 180,
  minutesDefault: 30,
  quizzesMin: 1,
  quizzesMax: 21,
  quizzesDefault: 5,
  progressStep: 10,
  progressMax: 100,
  defaultDaysAhead: 30,
  /** At most this many goals a person keeps (each counts at most once per quiz); a conditional count holds it under concurrency. */
  goalsMax: 20,
  /** Target dates: from yesterday (UTC; a browser west of UTC may still be on it) to 5 years ahead. */
  pastDaysAllowed: 1,
  maxDaysAhead: 5 * 365 + 1,
} as const;

export const GOAL_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${GOAL_LIMITS.titleMax} characters`,
  dateRequired: 'Target date is required',
  dateInvalid: 'Enter a real date (YYYY-MM-DD)',
  datePast: 'Target date cannot be in the past',
  dateTooFar: 'Target date must be within 5 years',
  /** Too many simultaneous changes of one goal (409): the person simply tries again. */
  busy: 'Too many changes at once. Try again.',
  minutes: `Daily minutes must be between ${GOAL_LIMITS.minutesMin} and ${GOAL_LIMITS.minutesMax}`,
  quizzes: `Weekly quizzes must be between ${GOAL_LIMITS.quizzesMin} and ${GOAL_LIMITS.quizzesMax}`,
  descriptionTooLong: `Description must be at most ${GOAL_LIMITS.descriptionMax} characters`,
  tooMany: `You can keep at most ${GOAL_LIMITS.goalsMax} study goals`,
  notFound: 'Study goal not found',
  premiumRequired: 'Custom study plans are part of Premium',
  adaptivePremium: 'Smart Learning is part of Premium',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day: 2026-02-31 is not (Date would roll it over into March). */
export const isCalendarDate = (d: string): boolean => isoDate.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/** Why a target date is refused on `today` (YYYY-MM-DD, UTC), or null: a real day from yesterday to 5 years ahead. */
export function targetDateProblem(date: string, today: string): string | null {
  if (!isCalendarDate(date)) return GOAL_MESSAGES.dateInvalid;
  if (date < addDays(today, -GOAL_LIMITS.pastDaysAllowed)) return GOAL_MESSAGES.datePast;
  if (date > addDays(today, GOAL_LIMITS.maxDaysAhead)) return GOAL_MESSAGES.dateTooFar;
  return null;
}

const utcToday = () => new Date().toISOString().slice(0, 10);

export const createGoalSchema = z.object({
  title: z.string({ error: GOAL_MESSAGES.titleRequired }).trim().min(1, GOAL_MESSAGES.titleRequired).max(GOAL_LIMITS.titleMax, GOAL_MESSAGES.titleTooLong),
  target_date: z
    .string({ error: GOAL_MESSAGES.dateRequired })
    .min(1, GOAL_MESSAGES.dateRequired)
    .superRefine((d, ctx) => {
      const problem = targetDateProblem(d, utcToday());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  daily_minutes: z.number({ error: GOAL_MESSAGES.minutes }).int(GOAL_MESSAGES.minutes).min(GOAL_LIMITS.minutesMin, GOAL_MESSAGES.minutes).max(GOAL_LIMITS.minutesMax, GOAL_MESSAGES.minutes).default(GOAL_LIMITS.minutesDefault),
  weekly_quizzes: z.number({ error: GOAL_MESSAGES.quizzes }).int(GOAL_MESSAGES.quizzes).min(GOAL_LIMITS.quizzesMin, GOAL_MESSAGES.quizzes).max(GOAL_LIMITS.quizzesMax, GOAL_MESSAGES.quizzes).default(GOAL_LIMITS.quizzesDefault),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  description: z.string().trim().max(GOAL_LIMITS.descriptionMax, GOAL_MESSAGES.descriptionTooLong).default(''),
});
export type CreateGoalInput = z.input<typeof createGoalSchema>;

export const goalIdSchema = z.uuid().max(36);

export const studyGoalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  target_date: z.string(),
  daily_minutes: z.number(),
  weekly_quizzes: z.number(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  progress: z.number(),
  completed: z.boolean(),
  created_at: z.string(),
});
export type StudyGoal = z.infer<typeof studyGoalSchema>;

/** Progress after one step (Update Progress or a quiz in the goal's subject and level): +10, capped at 100. */
export function stepProgress(progress: number): { progress: number; completed: boolean } {
  const next = Math.min(GOAL_LIMITS.progressMax, progress + GOAL_LIMITS.progressStep);
  return { progress: next, completed: next >= GOAL_LIMITS.progressMax };
}

/** Whole days from `today` to `target` (both YYYY-MM-DD); negative when overdue. */
export function daysRemaining(target: string, today: string): number {
  return daysBetween(today, target);
}

/** "N days left", "Due today", "N days overdue" (docs/learning.md); one day is singular. */
export function daysText(days: number): string {
  if (days === 0) return 'Due today';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days > 0 ? 'left' : 'overdue'}`;
}

export type GoalBorder = 'green' | 'red' | 'yellow' | 'indigo';

/** Left border (docs/learning.md): green completed, red overdue, yellow due within 7 days, indigo otherwise. */
export function goalBorder(completed: boolean, days: number): GoalBorder {
  if (completed) return 'green';
  if (days < 0) return 'red';
  if (days <= 7) return 'yellow';
  return 'indigo';
}

const SUBJECT_NAMES: Record<Subject, string> = { geography: 'Geography', history: 'History', religion: 'Religion' };

/** Recommended actions by progress, then by time left (docs/learning.md). */
export function goalAdvice(progress: number, days: number, subject: Subject): string[] {
  const advice = [
    progress < 25
      ? `Start with ${SUBJECT_NAMES[subject]} basics - take 2-3 beginner quizzes`
      : progress < 50
        ? 'Focus on weak areas - review incorrect answers'
        : progress < 75
          ? 'Practice advanced questions - aim for 80%+ accuracy'
          : 'Final preparation - take practice tests',
  ];
  if (days < 7) advice.push('Intensive review mode - 2x daily practice');
  else if (days < 14) advice.push('Increase study time by 50%');
  return advice;
}

