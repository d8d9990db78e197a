import { ADMIN_MESSAGES as M, editUserSchema, isProtectedAccount } from '#shared/admin/users.ts';
import { changeIdentityEmail, moveRoleGroup, updateProfileByAdmin } from '../data/admin-accounts.ts';
import { recordAdminAction } from '../data/audit-log.ts';
import { findProfileByEmail, getProfile } from '../data/profiles.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { requireAdmin } from './require-admin.ts';
import { targetUserId } from './user-param.ts';

/**
 * PATCH /api/admin/users/{userId} (Edit User, 3-learning §5): e-mail, role and
 * subscription status of a non-admin account. The person sees the change on their next
 * profile read (their role and plan are always the server's). Admin accounts are refused.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const userId = targetUserId(event);
  const change = parseBody(event, editUserSchema);
  const before = await getProfile(userId);
  if (!before) throw new NotFound(M.userNotFound);
  if (isProtectedAccount(before.role)) throw new Forbidden(M.adminProtected, 'admin_protected');

  const emailChanged = change.email !== before.email;
  if (emailChanged) {
    if (await findProfileByEmail(change.email)) throw new Conflict(M.emailTaken, 'email_taken');
    await changeIdentityEmail(userId, change.email);
  }
  const now = new Date();
  const after = await updateProfileByAdmin(before, change, now);
  if (!after) {
    if (emailChanged) await changeIdentityEmail(userId, before.email).catch(() => undefined);
    throw new Conflict(M.updateFailed, 'changed_meanwhile');
  }
  if (change.role !== before.role) {
    await moveRoleGroup(userId, before.role, change.role);
    await publish('AccountRoleChanged', { userId, from: before.role, to: change.role, changedAt: now.toISOString() });
  }

  const detail: Record<string, string> = {};
  if (emailChanged) detail.email = `${before.email} → ${change.email}`;
  if (change.role !== before.role) detail.role = `${before.role} → ${change.role}`;
  if (change.subscription_status !== before.subscription_status) detail.subscription_status = `${before.subscription_status} → ${change.subscription_status}`;
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'user.update', target: userId, detail });
  return json(200, { profile: after, message: M.userUpdated });
});
