import { useQuery } from '@tanstack/react-query';
import { FEED_LIMITS, feedResponseSchema } from '#shared/social/feed.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

export const feedKeys = {
  all: [QUERY_ROOTS.feed] as const,
  newest: () => [QUERY_ROOTS.feed, 'newest'] as const,
};

/** GET /api/feed: the newest 50 activities of the user and their friends. */
export const getFeed = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/feed', { auth: true, schema: feedResponseSchema, signal });

/** The feed, asked again every 30 seconds while it is on screen (docs/social.md). */
export function useFeed() {
  return useQuery({ queryKey: feedKeys.newest(), queryFn: ({ signal }) => getFeed(signal), refetchInterval: FEED_LIMITS.refreshMs });
}
