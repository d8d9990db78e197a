import { QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { dailyLimitDetailsSchema, type DailyLimitDetails } from '#shared/quiz/daily-limit.ts';
// Relative import: the unit test project has no @/ alias.
import { isApiError } from '../../lib/api-client.ts';

/** A gated level: the premium lock overlay instead of the error card. */
export const isPremiumLock = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && error.code === 'premium_required';

/**
 * The Error Loading Quiz message (docs/quiz.md): the timeout message, the server's own
 * message for a refused request (404 no questions, 429 daily limit, 400…), otherwise
 * Failed to fetch questions.
 */
export function loadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return QUIZ_MESSAGES.fetchFailed;
  if (error.code === 'timeout') return QUIZ_MESSAGES.timedOut;
  if (error.status === 0 || error.status >= 500 || error.code === 'invalid_response') return QUIZ_MESSAGES.fetchFailed;
  return error.message || QUIZ_MESSAGES.fetchFailed;
}

/** The free daily limit (429 daily_limit), as the limit page shows it; null for any other failure. */
export interface DailyLimitReached {
  message: string;
  /** Absent if the server sent none: the page then shows the message alone. */
  details: DailyLimitDetails | null;
}

export function dailyLimitOf(error: unknown): DailyLimitReached | null {
  if (!isApiError(error) || error.status !== 429 || error.code !== 'daily_limit') return null;
  const details = dailyLimitDetailsSchema.safeParse(error.details);
  return { message: error.message, details: details.success ? details.data : null };
}
