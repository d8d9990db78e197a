import type { RouteDefinition } from '../route-definition.ts';

/** The friend activity feed and the leaderboards (docs/social.md). The global board is public. */
export const ACTIVITY_ROUTES = [
  { method: 'GET', path: '/api/feed', name: 'GetFeed', entry: 'functions/activity/get-feed.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/leaderboard', name: 'GetLeaderboard', entry: 'functions/activity/get-leaderboard.ts', auth: 'public' },
  { method: 'GET', path: '/api/leaderboard/friends', name: 'GetFriendLeaderboard', entry: 'functions/activity/get-friend-leaderboard.ts', auth: 'jwt' },
] as const satisfies readonly RouteDefinition[];
