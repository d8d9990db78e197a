import { tournamentListSchema } from '#shared/tournaments/api.ts';
import { playersOf } from './data/tournaments.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireLivePlayer } from './access.ts';
import { ensureCurrentWeeks } from './ensure-week.ts';
import { toTournamentView } from './views.ts';

/**
 * GET /api/tournaments: this week's and next week's tournaments (made now if the scheduled
 * job has not, like the daily challenge's ensure_today), each with its card state, counts
 * and whether the caller is registered.
 */
export const handler = httpHandler(async (event) => {
  const now = new Date();
  const profile = await requireLivePlayer(event, now);
  const { tournaments } = await ensureCurrentWeeks(now);
  const mine = await playersOf(profile.user_id, tournaments.map((t) => t.id));
  const views = tournaments
    .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id.localeCompare(b.id))
    .map((t) => toTournamentView(t, mine.has(t.id), now));
  return respond(tournamentListSchema, { tournaments: views, now: now.toISOString() });
});
