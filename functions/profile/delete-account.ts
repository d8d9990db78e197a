import { PROFILE_MESSAGES } from '#shared/profile.ts';
import { deleteIdentity } from '../data/accounts.ts';
import { requireCaller } from '../lib/caller.ts';
import { json, httpHandler } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { clearedRefreshCookie } from '../lib/refresh-cookie.ts';

/**
 * DELETE /api/me: deletes the account for real. The identity goes first, so nobody can
 * sign in or renew a session with it any more; AccountDeleted then has every item of the
 * account deleted by its consumer (retried until done). The refresh cookie is cleared.
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  await deleteIdentity(profile.user_id);
  await publish('AccountDeleted', { userId: profile.user_id, email: profile.email, role: profile.role });
  return { ...json(202, { message: PROFILE_MESSAGES.deleted }), cookies: [clearedRefreshCookie()] };
});
