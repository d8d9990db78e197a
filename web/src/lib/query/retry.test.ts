import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { MAX_QUERY_RETRIES, queryRetryDelay, shouldRetryQuery } from './retry.ts';

const failure = (status: number, code = `http_${status}`) => new ApiError({ status, code, message: code });

describe('query retries: only what a retry can fix', () => {
  it.each([
    ['a timeout', failure(0, 'timeout')],
    ['no connection', failure(0, 'network_error')],
    ['a server failure', failure(500)],
    ['an unavailable gateway', failure(503)],
  ])('retries %s', (_name, error) => {
    expect(shouldRetryQuery(0, error)).toBe(true);
  });

  it.each([
    ['400 bad request', failure(400)],
    ['401 signed out', failure(401, 'unauthorized')],
    ['403 premium only', failure(403, 'premium_required')],
    ['404 not found', failure(404, 'not_found')],
    ['409 conflict', failure(409, 'round_finished')],
    ['429 too many requests', failure(429, 'too_many_requests')],
    ['an answer of the wrong shape', failure(200, 'invalid_response')],
    ['a bug (not an API error)', new TypeError('x is undefined')],
    ['a cancelled request', new DOMException('The operation was aborted.', 'AbortError')],
  ])('never retries %s', (_name, error) => {
    expect(shouldRetryQuery(0, error)).toBe(false);
  });

  it(`gives up after ${MAX_QUERY_RETRIES} retries`, () => {
    const counts = [0, 1, 2, 3].map((failureCount) => shouldRetryQuery(failureCount, failure(503)));
    expect(counts).toEqual([true, true, false, false]);
  });

  it('waits 1 s, 2 s, 4 s… between tries, never more than 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
