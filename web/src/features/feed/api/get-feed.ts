import { useQuery } from '@tanstack/react-query';
import { CHANGE_TYPES, changeDataSchema } from '#shared/realtime/changes.ts';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import { FEED_LIMITS, feedResponseSchema } from '#shared/social/feed.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { usePushedRefresh } from '@/lib/realtime/use-pushed-refresh.ts';

export const feedKeys = {
  all: [QUERY_ROOTS.feed] as const,
  newest: () => [QUERY_ROOTS.feed, 'newest'] as const,
};

/** GET /api/feed: the newest 50 activities of the user and their friends. */
export const getFeed = (signal?: AbortSignal, client: ApiClient = api) => client.request('/api/feed', { auth: true, schema: feedResponseSchema, signal });

const feedChanged = (message: ServerMessage) => message.type === CHANGE_TYPES.feed && changeDataSchema.safeParse(message.data).success;

/**
 * The feed, asked again when the server says a new item landed in it (`feed.changed` on the
 * account's socket), and every 30 seconds only while the socket is down (docs/social.md).
 */
export function useFeed() {
  const refresh = usePushedRefresh(feedKeys.all, feedChanged, FEED_LIMITS.refreshMs);
  return useQuery({ queryKey: feedKeys.newest(), queryFn: ({ signal }) => getFeed(signal), ...refresh });
}
