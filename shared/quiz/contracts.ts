import * as z from 'zod';
import { LEVELS, MAX_LENGTH, SUBJECTS } from '../constants.ts';
import { playQuestionSchema } from './question.ts';
import { challengeIdSchema } from '../social/friend-challenge.ts';
import { timeMultiplierSchema } from './time-allowance.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/** Request and response shapes of the quiz API, shared by the quiz screen and the handlers. */

export const DEFAULT_ROUND_SIZE = 10;
/** Competition settings (docs/quiz.md). */
export const COMPETITION = {
  questionCounts: [15, 25, 35],
  defaultQuestionCount: 25,
  timeLimitsSec: [180, 300, 420],
  defaultTimeLimitSec: 300,
} as const;
/** Answers that arrive this long after the deadline are still accepted (network delay). */
export const DEADLINE_GRACE_MS = 2_000;

export const QUIZ_MESSAGES = {
  signIn: 'Please sign in to continue',
  noQuestions: (subject: string, level: string) => `No questions found for ${subject} at ${level} level`,
  timedOut: 'Request timed out. Please check your connection and try again.',
  fetchFailed: 'Failed to fetch questions.',
  premiumLevel: 'Advanced and expert questions are part of Premium. Start a free trial to unlock them.',
  dailyLimit: (limit: number) => `You have played your ${limit} free rounds for today. Come back tomorrow or go Premium for unlimited rounds.`,
  roundExpired: 'This round was left unfinished for too long and has ended. Start a new round to play on.',
  notAnOption: 'Your answer must be one of the options',
  answerEmpty: 'Please choose an answer',
  answerTooLong: `An answer can be at most ${MAX_LENGTH.quizAnswer} characters`,
  timeUp: 'Time is up for this round',
  roundFinished: 'This round is already finished',
  outOfOrder: 'That question was already answered',
} as const;

const TAGS = /<[^>]*>/g;

/** docs/quiz.md: a non-empty string of at most 500 characters, trimmed, markup stripped. */
export const answerTextSchema = z
  .string({ error: QUIZ_MESSAGES.answerEmpty })
  .max(MAX_LENGTH.quizAnswer * 2, QUIZ_MESSAGES.answerTooLong)
  .transform((value) => value.replace(TAGS, '').trim())
  .refine((value) => value.length > 0, QUIZ_MESSAGES.answerEmpty)
  .refine((value) => value.length <= MAX_LENGTH.quizAnswer, QUIZ_MESSAGES.answerTooLong);

/**
 * Ids as the server makes them; anything else is refused before it reaches a table key
 * (DynamoDB keys have a size limit, and `#` separates key parts).
 * Round ids: base-36 time and 16 hex digits. Question ids: the bank's id alphabet.
 */
export const roundIdSchema = pathIdSchema(/^[a-z0-9]{10,40}$/, 40);
export const questionIdSchema = pathIdSchema(/^[a-z0-9-]{3,64}$/, 64);

const IANA_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$|^UTC$/;

export const startRoundRequestSchema = z
  .object({
    subject: z.enum(SUBJECTS),
    level: z.enum(LEVELS),
    mode: z.enum(['practice', 'competition']).default('practice'),
    questionCount: z.number().int().optional(),
    timeLimitSec: z.number().int().optional(),
    difficultyProgression: z.boolean().default(false),
    focus: z.string().regex(/^[a-z0-9-]{2,40}$/, 'Invalid format').optional(),
    retryOf: roundIdSchema.optional(),
    /** Plays a friend challenge: its stored questions and time limit, once per player. */
    challengeId: challengeIdSchema.optional(),
    timeZone: z.string().max(64).regex(IANA_ZONE, 'Invalid format').default('UTC'),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'competition') {
      if (value.questionCount !== undefined && !(COMPETITION.questionCounts as readonly number[]).includes(value.questionCount))
        ctx.addIssue({ code: 'custom', path: ['questionCount'], message: 'Question count must be 15, 25 or 35' });
      if (value.timeLimitSec !== undefined && !(COMPETITION.timeLimitsSec as readonly number[]).includes(value.timeLimitSec))
        ctx.addIssue({ code: 'custom', path: ['timeLimitSec'], message: 'Time limit must be 180, 300 or 420 seconds' });
    } else if (value.questionCount !== undefined && (value.questionCount < 5 || value.questionCount > 25)) {
      ctx.addIssue({ code: 'custom', path: ['questionCount'], message: 'Question count must be between 5 and 25' });
    }
  });
export type StartRoundRequest = z.input<typeof startRoundRequestSchema>;
/** A start request after parsing, with defaults applied. */
export type StartRoundInput = z.output<typeof startRoundRequestSchema>;

export const roundSchema = z.object({
  roundId: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  mode: z.enum(['practice', 'competition']),
  questions: z.array(playQuestionSchema.extend({ level: z.enum(LEVELS) })),
  startedAt: z.number(),
  /** Includes the player's time multiplier; null when the round has no limit (untimed, or 'none'). */
  deadline: z.number().nullable(),
  /** A timed round's multiplier (from the profile); absent when the round is untimed. */
  timeMultiplier: timeMultiplierSchema.optional(),
  /** The round's questions the player has bookmarked already (the star shows from the start). */
  bookmarkedIds: z.array(z.string()).optional(),
  /** A resumed round goes on here: the questions answered so far (the next one's index) and their score. */
  answered: z.number().int().min(0).optional(),
  score: z.number().int().min(0).optional(),
  /** The server's clock when it sent the round: a resumed round's time left is `deadline - serverNow`. */
  serverNow: z.number().optional(),
});
export type Round = z.infer<typeof roundSchema>;

export const answerRequestSchema = z.union([
  z.object({ questionId: questionIdSchema, answer: answerTextSchema }),
  z.object({ questionId: questionIdSchema, skip: z.literal(true) }),
]);

export const roundResultSchema = z.object({
  attemptId: z.string(),
  score: z.number(),
  total: z.number(),
  percentage: z.number(),
  points: z.number(),
  timeSpentMs: z.number(),
  incorrect: z.number(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

export const answerResponseSchema = z.object({
  correct: z.boolean(),
  correctAnswer: z.string(),
  score: z.number(),
  finished: z.boolean(),
  result: roundResultSchema.nullable(),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

export const finishResponseSchema = z.object({ result: roundResultSchema });

export const reviewResponseSchema = z.object({
  items: z.array(
    z.object({
      questionId: z.string(),
      question: z.string(),
      yourAnswer: z.string().nullable(),
      correctAnswer: z.string(),
      explanation: z.string(),
      topic: z.string(),
    }),
  ),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

const tallySchema = z.object({ quizzes: z.number(), averageScore: z.number(), progress: z.number() });
export const progressResponseSchema = z.object({
  subjects: z.array(
    z.object({
      subject: z.enum(SUBJECTS),
      totalQuizzes: z.number(),
      averageScore: z.number(),
      progressPercentage: z.number(),
      status: z.enum(['not-started', 'in-progress', 'mastered']),
      levelProgress: z.object({ beginner: tallySchema, advanced: tallySchema, expert: tallySchema }),
    }),
  ),
  totals: z.object({ attempts: z.number(), points: z.number(), streak: z.number() }),
  recentAttempts: z.array(
    z.object({
      attemptId: z.string(),
      subject: z.enum(SUBJECTS),
      level: z.enum(LEVELS),
      mode: z.enum(['practice', 'competition']),
      score: z.number(),
      total_questions: z.number(),
      points: z.number(),
      time_spent: z.number(),
      completed_at: z.string(),
    }),
  ),
  achievements: z.array(z.object({ achievement_id: z.string(), unlocked_at: z.string() })),
  insights: z.object({
    averageScore: z.number(),
    strongestSubject: z.enum(SUBJECTS).nullable(),
    weeklyGoal: z.object({ target: z.number(), done: z.number(), met: z.boolean() }),
    activity: z.array(z.object({ day: z.string(), quizzes: z.number() })),
  }),
  access: z.object({ levels: z.object({ beginner: z.boolean(), advanced: z.boolean(), expert: z.boolean() }), roundsLeftToday: z.number() }),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

export const bookmarkRequestSchema = z.object({ questionId: questionIdSchema });
export const bookmarkResponseSchema = z.object({ bookmarked: z.boolean() });
