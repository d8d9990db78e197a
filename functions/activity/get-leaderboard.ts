import { globalLeaderboardQuerySchema, leaderboardResponseSchema, publicName, rankStandings } from '#shared/social/leaderboard.ts';
import { topStandings } from './data/leaderboard.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { parseQuery } from './leaderboard-query.ts';

/**
 * GET /api/leaderboard?period=&subject= (public): the top 100 players of the period, all
 * subjects or one (docs/social.md: default This Week). One bounded query on the period's
 * pre-aggregated totals. Players are named without their address (the board is public).
 */
export const handler = httpHandler(async (event) => {
  const { period, subject } = parseQuery(event, globalLeaderboardQuerySchema);
  const standings = await topStandings(subject, period, new Date());
  const entries = rankStandings(standings).map((s) => ({ rank: s.rank, user_id: s.userId, name: publicName(s.name), points: s.points, quizzes: s.quizzes }));
  return respond(leaderboardResponseSchema, { period, subject, entries });
});
