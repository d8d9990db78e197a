import { profileMessageResponseSchema } from '#shared/api.ts';
import { ADMIN_MESSAGES as M, editRefusal, editUserSchema } from '#shared/admin/users.ts';
import { changeIdentityEmail, moveRoleGroup, updateProfileByAdmin } from './data/admin-accounts.ts';
import { recordAdminAction } from './data/audit-log.ts';
import { findProfileByEmail, getProfile } from '../profile/data/profiles.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { requireAdmin } from './require-admin.ts';
import { targetUserId } from './user-param.ts';

/**
 * PATCH /api/admin/users/{userId} (Edit User, docs/admin.md): e-mail, role and
 * subscription status. The person sees the change on their next profile read (their role
 * and plan are always the server's). An admin can be demoted (a promotion is reversible),
 * never the last one, but keeps their sign-in e-mail. Logged with what changed.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const userId = targetUserId(event);
  const change = parseBody(event, editUserSchema);
  const before = await getProfile(userId);
  if (!before) throw new NotFound(M.userNotFound);
  const refusal = editRefusal(before, change);
  if (refusal) throw new Forbidden(refusal, 'admin_protected');

  const emailChanged = change.email !== before.email;
  if (emailChanged) {
    if (await findProfileByEmail(change.email)) throw new Conflict(M.emailTaken, 'email_taken');
    await changeIdentityEmail(userId, change.email);
  }
  const now = new Date();
  const outcome = await updateProfileByAdmin(before, change, now, admin.user_id);
  if ('refused' in outcome) {
    if (emailChanged) await changeIdentityEmail(userId, before.email).catch(() => undefined);
    throw refusedEdit(outcome.refused);
  }
  const after = outcome.profile;
  if (change.role !== before.role) {
    await moveRoleGroup(userId, before.role, change.role);
    await publish('AccountRoleChanged', { userId, from: before.role, to: change.role, changedAt: now.toISOString() });
  }

  const detail: Record<string, string> = {};
  if (emailChanged) detail.email = `${before.email} → ${change.email}`;
  if (change.role !== before.role) detail.role = `${before.role} → ${change.role}`;
  if (change.subscription_status !== before.subscription_status) detail.subscription_status = `${before.subscription_status} → ${change.subscription_status}`;
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'user.update', target: userId, detail });
  return respond(profileMessageResponseSchema, { profile: after, message: M.userUpdated });
});

function refusedEdit(reason: 'changed' | 'not_admin' | 'last_admin' | 'busy'): Error {
  if (reason === 'not_admin') return new Forbidden(M.privilegesRequired, 'admin_required');
  if (reason === 'last_admin') return new Conflict(M.lastAdmin, 'last_admin');
  return new Conflict(M.updateFailed, reason === 'busy' ? 'busy' : 'changed_meanwhile');
}
