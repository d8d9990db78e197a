import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { RETRY_DELAYS_MS, retryDelay, withRetry } from './retry.ts';

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

  it('tries 4 times in all on repeated timeouts, waiting on the schedule', async () => {
    const task = vi.fn(async () => {
      throw timeout;
    });
    const waits: number[] = [];
    await expect(withRetry(task, { wait: async (ms) => void waits.push(ms) })).rejects.toBe(timeout);
    expect(task).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('returns the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(serverError).mockResolvedValueOnce('round');
    await expect(withRetry(task, { wait: async () => undefined })).resolves.toBe('round');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx', async () => {
    const task = vi.fn(async () => {
      throw notFound;
    });
    await expect(withRetry(task, { wait: async () => undefined })).rejects.toBe(notFound);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const task = vi.fn(async () => {
      throw timeout;
    });
    const wait = async () => controller.abort();
    await expect(withRetry(task, { signal: controller.signal, wait })).rejects.toBe(timeout);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
