import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { userIdSchema } from './friends.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/** Challenges between friends (docs/social.md). */

export const CHALLENGE_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
export const CHALLENGE_QUESTION_COUNT = { min: 5, max: 25, offered: [5, 10, 15, 20] } as const;
export const CHALLENGE_TIME_LIMITS_SEC = [180, 300, 600, 0] as const;
export const CHALLENGE_DEFAULTS = { subject: 'geography', level: 'beginner', questionCount: 10, timeLimitSec: 300 } as const;

export interface ChallengeScore {
  userId: string;
  score: number;
  total: number;
}

/** The higher score ratio wins; equal ratios are a tie (no winner). */
export function challengeWinner(a: ChallengeScore, b: ChallengeScore): string | null {
  // Cross-multiplied so 2/4 and 5/10 compare equal without floating point.
  const left = a.score * Math.max(b.total, 1);
  const right = b.score * Math.max(a.total, 1);
  if (left === right) return null;
  return left > right ? a.userId : b.userId;
}

/** Shown as Expired once expires_at has passed, whatever its stored status. */
export const isExpired = (expiresAtMs: number, nowMs: number): boolean => expiresAtMs <= nowMs;

export const CHALLENGE_MESSAGES = {
  subjectAndLevel: 'Subject and level are required',
  questionCount: 'Question count must be between 5 and 25',
  timeLimit: 'Time limit must be 3, 5 or 10 minutes, or none',
  notFriends: 'You can only challenge your friends',
  notFound: 'Challenge not found',
  settled: 'This challenge was already answered',
  expired: 'This challenge has expired',
  notAccepted: 'This challenge has not been accepted yet',
  alreadyPlayed: 'You have already played this challenge',
  levelLocked: 'Both players must be able to play this level',
} as const;

/** Challenge ids are drawn by the server: 24 hexadecimal characters. */
export const challengeIdSchema = pathIdSchema(/^[0-9a-f]{24}$/, 24);

export const sendChallengeSchema = z.strictObject({
  friendId: userIdSchema,
  subject: z.enum(SUBJECTS, { error: CHALLENGE_MESSAGES.subjectAndLevel }),
  level: z.enum(LEVELS, { error: CHALLENGE_MESSAGES.subjectAndLevel }),
  questionCount: z
    .number({ error: CHALLENGE_MESSAGES.questionCount })
    .int(CHALLENGE_MESSAGES.questionCount)
    .min(CHALLENGE_QUESTION_COUNT.min, CHALLENGE_MESSAGES.questionCount)
    .max(CHALLENGE_QUESTION_COUNT.max, CHALLENGE_MESSAGES.questionCount)
    .default(CHALLENGE_DEFAULTS.questionCount),
  timeLimitSec: z
    .number()
    .refine((n) => (CHALLENGE_TIME_LIMITS_SEC as readonly number[]).includes(n), CHALLENGE_MESSAGES.timeLimit)
    .default(CHALLENGE_DEFAULTS.timeLimitSec),
  message: z.string().trim().max(500, 'Message must be at most 500 characters').default(''),
});
export type SendChallengeInput = z.output<typeof sendChallengeSchema>;

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'completed';
