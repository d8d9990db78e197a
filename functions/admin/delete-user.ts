import { messageResponseSchema } from '#shared/api.ts';
import { ADMIN_MESSAGES as M, isProtectedAccount } from '#shared/admin/users.ts';
import { deleteIdentity } from '../auth/data/accounts.ts';
import { deleteProfileNow } from './data/admin-accounts.ts';
import { recordAdminAction } from './data/audit-log.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { requireAdmin } from './require-admin.ts';
import { targetUserId } from './user-param.ts';

/**
 * DELETE /api/admin/users/{userId} (docs/admin.md): deletes a non-admin account the way
 * Delete Account does. The identity goes first (no sign-in, no session renewal);
 * AccountDeleted has every item of the account deleted by its consumer, and the profile
 * goes at once here too (out of the lists, every call refused from now).
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const userId = targetUserId(event);
  const profile = await getProfile(userId);
  if (!profile) throw new NotFound(M.userNotFound);
  if (isProtectedAccount(profile.role)) throw new Forbidden(M.adminProtected, 'admin_protected');

  await deleteIdentity(userId);
  // Published before the profile goes: a retry after a failure here still finds the account.
  await publish('AccountDeleted', { userId, email: profile.email, role: profile.role });
  await deleteProfileNow(userId);
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'user.delete', target: userId, detail: { role: profile.role } });
  return respond(messageResponseSchema, { message: M.userDeleted }, 202);
});
