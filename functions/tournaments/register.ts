import { tournamentResponseSchema } from '#shared/tournaments/api.ts';
import { parseTimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { canRegister, liveMultiplier, TOURNAMENT_MESSAGES as M } from '#shared/tournaments/schedule.ts';
import { getTournament, register } from './data/tournaments.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireLivePlayer, tournamentIdFrom } from './access.ts';
import { toTournamentView } from './views.ts';

/**
 * POST /api/tournaments/{tournamentId}/register: one place, by a conditional write (refused
 * when full, once per player). The player's time multiplier is taken now and holds for the match.
 */
export const handler = httpHandler(async (event) => {
  const now = new Date();
  const id = tournamentIdFrom(event);
  const profile = await requireLivePlayer(event, now);
  const tournament = await getTournament(id, true);
  if (!tournament) throw new NotFound(M.notFound);
  const view = toTournamentView(tournament, false, now);
  if (!canRegister(view.state, tournament.participants, tournament.capacity)) {
    if (view.state === 'full' || tournament.participants >= tournament.capacity) throw new Conflict(M.full, 'tournament_full');
    throw new Conflict(M.notOpen, 'registration_closed');
  }
  const multiplier = liveMultiplier(parseTimeMultiplier(String(profile.metadata.time_multiplier ?? 1)) ?? 1);
  const outcome = await register(tournament, { userId: profile.user_id, email: profile.email, multiplier, at: now.toISOString() });
  if (outcome === 'full') throw new Conflict(M.full, 'tournament_full');
  if (outcome === 'already_registered') throw new Conflict(M.alreadyRegistered, 'already_registered');
  if (outcome === 'closed') throw new Conflict(M.notOpen, 'registration_closed');
  const updated = (await getTournament(id, true)) ?? tournament;
  return respond(tournamentResponseSchema, { tournament: toTournamentView(updated, true, now) }, 201);
});
