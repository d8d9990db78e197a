import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { tournamentIdSchema } from '#shared/tournaments/api.ts';
import { TOURNAMENT_MESSAGES } from '#shared/tournaments/schedule.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Forbidden } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A student (or admin) with the `live_competitions` feature: free accounts are refused by the server. */
export async function requireLivePlayer(event: HttpEvent, now: Date): Promise<Profile> {
  const profile = await requireCaller(event, ['student', 'admin']);
  if (!canUse(profile, 'live_competitions', now)) throw new Forbidden(TOURNAMENT_MESSAGES.upgrade, 'upgrade_required');
  return profile;
}

export function tournamentIdFrom(event: HttpEvent): string {
  const parsed = tournamentIdSchema.safeParse(event.pathParameters?.tournamentId);
  if (!parsed.success) throw new BadRequest('Invalid tournament id', { tournamentId: 'Invalid format' });
  return parsed.data;
}
