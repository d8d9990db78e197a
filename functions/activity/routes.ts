import { feedResponseSchema } from '#shared/social/feed.ts';
import { leaderboardResponseSchema } from '#shared/social/leaderboard.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The friend activity feed and the leaderboards (docs/social.md). The global board is public. */
export const ACTIVITY_ROUTES = [
  { method: 'GET', path: '/api/feed', name: 'GetFeed', entry: 'functions/activity/get-feed.ts', auth: 'jwt', response: feedResponseSchema },
  { method: 'GET', path: '/api/leaderboard', name: 'GetLeaderboard', entry: 'functions/activity/get-leaderboard.ts', auth: 'public', response: leaderboardResponseSchema },
  { method: 'GET', path: '/api/leaderboard/friends', name: 'GetFriendLeaderboard', entry: 'functions/activity/get-friend-leaderboard.ts', auth: 'jwt', response: leaderboardResponseSchema },
] as const satisfies readonly RouteDefinition[];
