import { canUse } from '#shared/entitlements.ts';
import { tournamentIdSchema } from '#shared/tournaments/api.ts';
import { batchGetItems } from '../data/batch-get.ts';
import * as keys from '../data/table-keys.ts';
import { fromItem, getProfile } from '../profile/data/profiles.ts';
import { getPlayer, playersOfTournament } from './data/tournaments.ts';

/**
 * Who may hear a live match's `match:<id>` topic: its registered players (a registration is
 * the tournament's `PLAYER#<user>` item), and only while their account has live_competitions,
 * as answering needs (a Premium or trial that ends mid-match hears no more questions). Anything
 * else, an unknown id included, is refused. This is the subscribe route's check.
 */
export async function canSubscribeToMatch(userId: string, matchId: string): Promise<boolean> {
  if (!tournamentIdSchema.safeParse(matchId).success) return false;
  const [player, profile] = await Promise.all([getPlayer(matchId, userId), getProfile(userId)]);
  return player !== undefined && canUse(profile, 'live_competitions', new Date());
}

/**
 * The same rule for a push's listeners at once: one query of the registrations and the
 * profiles 100 to a request, not two reads per listener, since a question goes to up to 1,000
 * players inside its lead.
 */
export async function matchListenersAllowed(matchId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!tournamentIdSchema.safeParse(matchId).success || userIds.length === 0) return new Set();
  const registered = new Set((await playersOfTournament(matchId)).map((p) => p.userId));
  const candidates = [...new Set(userIds)].filter((id) => registered.has(id));
  const now = new Date();
  const allowed = new Set<string>();
  for (const item of await batchGetItems(candidates.map((id) => keys.profile(id)))) {
    const profile = entitledProfile(item, now);
    if (profile) allowed.add(profile);
  }
  return allowed;
}

/** The account's id when its stored profile has live_competitions now; a profile that does not parse hears nothing, and the others still do. */
function entitledProfile(item: Record<string, unknown>, now: Date): string | undefined {
  try {
    const profile = fromItem(item);
    return canUse(profile, 'live_competitions', now) ? profile.user_id : undefined;
  } catch {
    return undefined;
  }
}
