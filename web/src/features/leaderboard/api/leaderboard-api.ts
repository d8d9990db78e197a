import { useQuery } from '@tanstack/react-query';
import { CHANGE_TYPES, changeDataSchema } from '#shared/realtime/changes.ts';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import { leaderboardResponseSchema, type LeaderboardPeriod, type LeaderboardScope } from '#shared/social/leaderboard.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';
import { usePushedRefresh } from '@/lib/realtime/use-pushed-refresh.ts';

export const leaderboardKeys = {
  global: (period: LeaderboardPeriod, subject: LeaderboardScope) => [QUERY_ROOTS.leaderboard, period, subject] as const,
  friends: (period: LeaderboardPeriod) => [QUERY_ROOTS.friendLeaderboard, period] as const,
};

/** GET /api/leaderboard (public): the top 100 of a period, all subjects or one. */
export const getLeaderboard = (period: LeaderboardPeriod, subject: LeaderboardScope, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/leaderboard?period=${period}&subject=${subject}`, { schema: leaderboardResponseSchema, signal });

/** GET /api/leaderboard/friends: the user and their accepted friends, ranked. */
export const getFriendLeaderboard = (period: LeaderboardPeriod, signal?: AbortSignal, client: ApiClient = api) =>
  client.request(`/api/leaderboard/friends?period=${period}`, { auth: true, schema: leaderboardResponseSchema, signal });

export function useLeaderboard(period: LeaderboardPeriod, subject: LeaderboardScope) {
  return useQuery({ queryKey: leaderboardKeys.global(period, subject), queryFn: ({ signal }) => getLeaderboard(period, subject, signal) });
}

const boardChanged = (message: ServerMessage) => message.type === CHANGE_TYPES.friendBoard && changeDataSchema.safeParse(message.data).success;

/**
 * The friend board, asked again when the server says points changed on it (`board.changed`:
 * the user's or a friend's round). It was never polled, so nothing is polled while the socket is down.
 */
export function useFriendLeaderboard(period: LeaderboardPeriod, enabled = true) {
  const refresh = usePushedRefresh([QUERY_ROOTS.friendLeaderboard], boardChanged, false as const);
  return useQuery({ queryKey: leaderboardKeys.friends(period), queryFn: ({ signal }) => getFriendLeaderboard(period, signal), enabled, ...refresh });
}
