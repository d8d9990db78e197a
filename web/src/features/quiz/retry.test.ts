import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { FINISH_TRIES, RETRY_DELAYS_MS, retryDelay, retryFinish, retryRoundStart, roundStartDelay } from './retry.ts';

const timeout = new ApiError({ status: 0, code: 'timeout', message: 'Request timed out.' });
const offline = new ApiError({ status: 0, code: 'network_error', message: 'offline' });
const serverError = new ApiError({ status: 503, code: 'http_503', message: 'down' });
const notFound = new ApiError({ status: 404, code: 'not_found', message: 'No questions found for history at expert level' });
const premium = new ApiError({ status: 403, code: 'premium_required', message: 'Premium' });
const dailyLimit = new ApiError({ status: 429, code: 'too_many_requests', message: 'Come back tomorrow' });

describe('question fetch retry schedule (1-core §4, §9: 3 retries, 1 s, 2 s, 4 s)', () => {
  it('waits 1 s, 2 s, then 4 s, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry, timeout))).toEqual([1000, 2000, 4000, null]);
  });

  it.each([
    ['a timeout', timeout, 1000],
    ['no connection', offline, 1000],
    ['a server failure', serverError, 1000],
    ['no questions (404)', notFound, null],
    ['a premium level (403)', premium, null],
    ['the daily limit (429)', dailyLimit, null],
    ['a non-API error', new Error('boom'), null],
  ])('%s → %s', (_name, error, expected) => {
    expect(retryDelay(0, error)).toBe(expected);
  });

  it('tries 4 times in all on repeated timeouts, waiting on the schedule (as TanStack retry options)', () => {
    const tries = [0, 1, 2, 3].map((failures) => retryRoundStart(failures, timeout));
    expect(tries).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((failures) => roundStartDelay(failures, timeout))).toEqual([1000, 2000, 4000]);
  });

  it('does not retry a 4xx, a bug or a cancelled start', () => {
    expect(retryRoundStart(0, notFound)).toBe(false);
    expect(retryRoundStart(0, premium)).toBe(false);
    expect(retryRoundStart(0, new Error('boom'))).toBe(false);
    expect(retryRoundStart(0, new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
  });
});

describe('finishing a timed-out round', () => {
  const roundActive = new ApiError({ status: 409, code: 'round_active', message: 'The round is still running' });
  const finished = new ApiError({ status: 409, code: 'round_finished', message: 'Finished' });

  it(`asks up to ${FINISH_TRIES} times while the server still sees time left, or cannot be reached`, () => {
    expect([0, 1, 2, 3, 4].map((failures) => retryFinish(failures, roundActive))).toEqual([true, true, true, true, false]);
    expect(retryFinish(0, serverError)).toBe(true);
    expect(retryFinish(0, offline)).toBe(true);
  });

  it('stops at any other refusal', () => {
    expect(retryFinish(0, finished)).toBe(false);
    expect(retryFinish(0, notFound)).toBe(false);
    expect(retryFinish(0, new Error('boom'))).toBe(false);
  });
});
