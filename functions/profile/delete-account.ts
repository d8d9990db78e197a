import { messageResponseSchema, type Profile } from '#shared/api.ts';
import { ADMIN_MESSAGES } from '#shared/admin/users.ts';
import { PROFILE_MESSAGES } from '#shared/profile.ts';
import { deleteIdentity } from '../auth/data/accounts.ts';
import { updateProfileByAdmin } from '../admin/data/admin-accounts.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { clearedRefreshCookie } from '../lib/refresh-cookie.ts';

/**
 * DELETE /api/me: deletes the account for real. The identity goes first, so nobody can
 * sign in or renew a session with it any more; AccountDeleted then has every item of the
 * account deleted by its consumer (retried until done). The refresh cookie is cleared.
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  if (profile.role === 'admin') await stepDownFirst(profile);
  await deleteIdentity(profile.user_id);
  await publish('AccountDeleted', { userId: profile.user_id, email: profile.email, role: profile.role });
  return { ...respond(messageResponseSchema, { message: PROFILE_MESSAGES.deleted }, 202), cookies: [clearedRefreshCookie()] };
});

/**
 * An admin leaving must not leave no admin: they step down first, in the same
 * race-safe write as a demotion (another admin must still be one when it commits). The
 * deletion then goes on as for anyone; AccountDeleted still says they were an admin.
 */
async function stepDownFirst(profile: Profile): Promise<void> {
  const outcome = await updateProfileByAdmin(profile, { email: profile.email, role: 'student', subscription_status: profile.subscription_status }, new Date(), profile.user_id);
  if ('refused' in outcome) throw outcome.refused === 'last_admin' ? new Conflict(ADMIN_MESSAGES.lastAdmin, 'last_admin') : new Conflict(PROFILE_MESSAGES.deleteFailed, 'changed_meanwhile');
}
