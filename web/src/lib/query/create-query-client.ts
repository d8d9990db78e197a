import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isAccountQuery } from './query-roots.ts';
import { queryRetryDelay, shouldRetryQuery } from './retry.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Queries (by key prefix) a successful mutation makes out of date; refetched before the mutation settles. */
      invalidates?: readonly QueryKey[];
    };
  }
}

/** How long an answer counts as fresh: quick back-and-forth navigation reuses it instead of asking again. */
export const DEFAULT_STALE_MS = 30_000;

/** Marks every query under each prefix stale and refetches those on screen; resolves when they are in. */
export async function invalidateAll(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Drops every account's data (not the public statistics): the next account must never see it. */
export function forgetAccountData(client: QueryClient): void {
  const predicate = ({ queryKey }: { queryKey: QueryKey }) => isAccountQuery(queryKey);
  void client.cancelQueries({ predicate });
  client.removeQueries({ predicate });
}

/**
 * The app's server-state cache. Queries retry only what a retry can fix (shouldRetryQuery);
 * mutations never retry on their own (most are not idempotent: a quiz answer, a trial), and
 * name in `meta.invalidates` what they change. `networkMode: 'always'`: the API client
 * itself reports an unreachable server (timeout, offline) with the messages the screens
 * show; TanStack's default would instead pause silently while the browser says offline.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Returned, so the mutation stays pending until what it changed has been fetched again.
      onSuccess: (_data, _variables, _context, mutation) => invalidateAll(client, mutation.meta?.invalidates ?? []),
    }),
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_MS, retry: shouldRetryQuery, retryDelay: queryRetryDelay, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}
