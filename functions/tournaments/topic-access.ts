import { tournamentIdSchema } from '#shared/tournaments/api.ts';
import { getPlayer } from './data/tournaments.ts';

/**
 * Who may subscribe to a live match's `match:<id>` topic: its registered players only (a
 * registration is the tournament's `PLAYER#<user>` item). Anything else, an unknown id
 * included, is refused.
 */
export async function canSubscribeToMatch(userId: string, matchId: string): Promise<boolean> {
  if (!tournamentIdSchema.safeParse(matchId).success) return false;
  return (await getPlayer(matchId, userId)) !== undefined;
}
