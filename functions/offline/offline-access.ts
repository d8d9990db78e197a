import type { Profile } from '#shared/api.ts';
import { canUse } from '#shared/entitlements.ts';
import { OFFLINE_MESSAGES } from '#shared/offline/offline.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/** A student (or admin) with offline_mode (docs/quiz.md: premium, admin and trial): free accounts get 403 and nothing else. */
export async function requireOfflineCaller(event: HttpEvent, now: Date): Promise<Profile> {
  const me = await requireCaller(event, ['student', 'admin']);
  if (!canUse(me, 'offline_mode', now)) throw new Forbidden(OFFLINE_MESSAGES.premiumRequired, 'premium_required');
  return me;
}
