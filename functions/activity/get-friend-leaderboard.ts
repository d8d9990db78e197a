import { friendLeaderboardQuerySchema, leaderboardResponseSchema, rankStandings } from '#shared/social/leaderboard.ts';
import { friendshipsOf } from '../social/data/friends.ts';
import { standingsFor } from './data/leaderboard.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { parseQuery } from './leaderboard-query.ts';

/**
 * GET /api/leaderboard/friends?period=week|month|all: the caller and their accepted friends
 * ranked by points in the period (docs/social.md). The friend list, then one
 * BatchGet of each player's pre-aggregated total for the period (100 keys a request).
 */
export const handler = httpHandler(async (event) => {
  const { period } = parseQuery(event, friendLeaderboardQuerySchema);
  const me = await requireCaller(event, ['student', 'admin']);
  const friends = await friendshipsOf(me.user_id);
  const players = [{ userId: me.user_id, email: me.email }, ...friends.map((f) => ({ userId: f.friendId, email: f.friendEmail }))];
  const ranked = rankStandings(await standingsFor(players, period, new Date()), players.length);
  const entries = ranked.map((s) => ({ rank: s.rank, user_id: s.userId, name: s.name, points: s.points, quizzes: s.quizzes, is_me: s.userId === me.user_id }));
  return respond(leaderboardResponseSchema, { period, subject: 'all', entries });
});
