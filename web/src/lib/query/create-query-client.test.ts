import { afterEach, describe, expect, it } from 'vitest';
import type { MutationOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api-client.ts';
import { createQueryClient, forgetAccountData } from './create-query-client.ts';
import { AFTER_PLAN_CHANGE, AFTER_ROUND, QUERY_ROOTS } from './query-roots.ts';

let client: QueryClient;
afterEach(() => client?.clear());

const seed = (...keys: QueryKey[]) => keys.forEach((key) => client.setQueryData(key, { seeded: true }));
const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
const run = (options: MutationOptions<string, unknown, void>) => client.getMutationCache().build(client, options).execute(undefined);

describe('the app query client', () => {
  it('invalidates what a successful mutation names in meta.invalidates, by key prefix, and nothing else', async () => {
    client = createQueryClient();
    seed([QUERY_ROOTS.progress, 'Europe/Vienna'], [QUERY_ROOTS.analytics, 30], [QUERY_ROOTS.analytics, 7], [QUERY_ROOTS.health], [QUERY_ROOTS.stats]);
    await run({ mutationFn: async () => 'finished', meta: { invalidates: AFTER_ROUND } });
    expect(invalidated([QUERY_ROOTS.progress, 'Europe/Vienna'])).toBe(true);
    expect(invalidated([QUERY_ROOTS.analytics, 30])).toBe(true);
    expect(invalidated([QUERY_ROOTS.analytics, 7])).toBe(true);
    expect(invalidated([QUERY_ROOTS.health])).toBe(false);
    expect(invalidated([QUERY_ROOTS.stats])).toBe(false);
  });

  it('a plan change refreshes the profile too', async () => {
    client = createQueryClient();
    seed([QUERY_ROOTS.me, 'user-1'], [QUERY_ROOTS.progress, 'UTC']);
    await run({ mutationFn: async () => 'trial', meta: { invalidates: AFTER_PLAN_CHANGE } });
    expect(invalidated([QUERY_ROOTS.me, 'user-1'])).toBe(true);
    expect(invalidated([QUERY_ROOTS.progress, 'UTC'])).toBe(true);
  });

  it('invalidates nothing when the mutation fails, and does not retry it', async () => {
    client = createQueryClient();
    seed([QUERY_ROOTS.progress, 'UTC']);
    let calls = 0;
    const down = new ApiError({ status: 503, code: 'http_503', message: 'down' });
    await expect(
      run({
        mutationFn: async () => {
          calls += 1;
          throw down;
        },
        meta: { invalidates: AFTER_ROUND },
      }),
    ).rejects.toBe(down);
    expect(calls).toBe(1);
    expect(invalidated([QUERY_ROOTS.progress, 'UTC'])).toBe(false);
  });

  it('does not retry a 4xx query, and reports it at once', async () => {
    client = createQueryClient();
    let calls = 0;
    const premium = new ApiError({ status: 403, code: 'premium_required', message: 'Premium' });
    await expect(
      client.fetchQuery({
        queryKey: [QUERY_ROOTS.analytics, 30],
        queryFn: async () => {
          calls += 1;
          throw premium;
        },
      }),
    ).rejects.toBe(premium);
    expect(calls).toBe(1);
  });

  it('forgets every account query on a change of account, keeping the public statistics', () => {
    client = createQueryClient();
    seed([QUERY_ROOTS.me, 'user-1'], [QUERY_ROOTS.progress, 'UTC'], [QUERY_ROOTS.review, 'round-1'], [QUERY_ROOTS.stats]);
    forgetAccountData(client);
    expect(client.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([[QUERY_ROOTS.stats]]);
  });
});
