import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '#shared/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { analyticsLoad, type AnalyticsQueryState } from './analytics-view.ts';

const data = { range: 30, attempts: 1 } as unknown as AnalyticsResponse;
const premium = new ApiError({ status: 403, code: 'premium_required', message: 'Premium' });
const down = new ApiError({ status: 503, code: 'http_503', message: 'down' });

const state = (over: Partial<AnalyticsQueryState>): AnalyticsQueryState => ({
  enabled: true,
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: false,
  ...over,
});

describe('analytics widget state from its query', () => {
  it.each<[string, Partial<AnalyticsQueryState>, string]>([
    ['not near the screen yet', { enabled: false }, 'idle'],
    ['first load running', { isFetching: true }, 'loading'],
    ['answer in', { status: 'success', data }, 'ready'],
    ['answer in, refetching', { status: 'success', data, isFetching: true }, 'ready'],
    ['403 premium_required', { status: 'error', error: premium }, 'locked'],
    ['a server failure', { status: 'error', error: down }, 'failed'],
    ['Retry after a failure', { status: 'error', error: down, isFetching: true }, 'loading'],
    ['a refetch failed, earlier answer kept', { status: 'error', error: down, data }, 'ready'],
    ['the plan ended since (403 on refetch)', { status: 'error', error: premium, data }, 'locked'],
  ])('%s → %s', (_name, over, expected) => {
    expect(analyticsLoad(state(over)).status).toBe(expected);
  });
});
