/** Challenges between friends (2-social §4, §5, §9). */

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
