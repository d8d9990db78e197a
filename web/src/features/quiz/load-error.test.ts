import { describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '#shared/quiz/contracts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dailyLimitOf, isPremiumLock, loadErrorMessage } from './load-error.ts';

const error = (status: number, code: string, message = 'server says') => new ApiError({ status, code, message });

describe('Error Loading Quiz messages (1-core §8)', () => {
  it.each<[string, unknown, string]>([
    ['timeout', error(0, 'timeout'), 'Request timed out. Please check your connection and try again.'],
    ['no connection', error(0, 'network_error'), 'Failed to fetch questions.'],
    ['server failure', error(500, 'internal'), 'Failed to fetch questions.'],
    ['no questions', error(404, 'not_found', QUIZ_MESSAGES.noQuestions('history', 'expert')), 'No questions found for history at expert level'],
    ['signed out', error(401, 'unauthorized', 'Please sign in to continue'), 'Please sign in to continue'],
    ['anything else', new Error('boom'), 'Failed to fetch questions.'],
  ])('%s', (_name, failure, message) => {
    expect(loadErrorMessage(failure)).toBe(message);
  });

  it('a premium_required 403 shows the lock, other 403s do not', () => {
    expect(isPremiumLock(error(403, 'premium_required'))).toBe(true);
    expect(isPremiumLock(error(403, 'forbidden'))).toBe(false);
    expect(isPremiumLock(error(429, 'premium_required'))).toBe(false);
  });
});

describe('the daily limit is a limit page, not an error', () => {
  const details = { limit: 10, played: 10, resetsAt: '2026-11-27T15:00:00.000Z', timeZone: 'Asia/Tokyo' };

  it('reads the 429 daily_limit with what the page shows', () => {
    const limit = new ApiError({ status: 429, code: 'daily_limit', message: QUIZ_MESSAGES.dailyLimit(10), details });
    expect(dailyLimitOf(limit)).toEqual({ message: QUIZ_MESSAGES.dailyLimit(10), details });
  });

  it('keeps the message when the details are missing or malformed', () => {
    const bare = new ApiError({ status: 429, code: 'daily_limit', message: 'limit', details: { limit: 'ten' } });
    expect(dailyLimitOf(bare)).toEqual({ message: 'limit', details: null });
  });

  it('is not any other 429 or refusal', () => {
    expect(dailyLimitOf(error(429, 'too_many_requests'))).toBeNull();
    expect(dailyLimitOf(error(403, 'premium_required'))).toBeNull();
    expect(dailyLimitOf(new Error('boom'))).toBeNull();
  });
});
