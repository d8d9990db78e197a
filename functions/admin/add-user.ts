import { profileMessageResponseSchema } from '#shared/api.ts';
import { ADMIN_MESSAGES as M, addUserSchema, INVITE_LINK_TTL_MS } from '#shared/admin/users.ts';
import { addToRoleGroup, deleteIdentity } from '../auth/data/accounts.ts';
import { createInvitedIdentity } from './data/admin-accounts.ts';
import { recordAdminAction } from './data/audit-log.ts';
import { issueLinkToken } from '../auth/data/link-tokens.ts';
import { ensureProfile, findProfileByEmail, newProfile } from '../profile/data/profiles.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';
import { requireAdmin } from './require-admin.ts';

/**
 * POST /api/admin/users (Add User, docs/admin.md): creates the identity (confirmed, no
 * password yet) and the profile with the chosen role, then e-mails an invitation whose
 * link sets the password (the password-reset link machinery, valid 7 days). The mail goes
 * through EmailRequested, so only the mail consumer sends mail.
 */
export const handler = httpHandler(async (event) => {
  const admin = await requireAdmin(event);
  const { email, role } = parseBody(event, addUserSchema);
  if (await findProfileByEmail(email)) throw new Conflict(M.emailTaken, 'email_taken');

  const userId = await createInvitedIdentity(email);
  const now = new Date();
  let profile;
  try {
    profile = await ensureProfile(newProfile({ userId, email, role, now }));
    await addToRoleGroup(userId, role);
  } catch (error) {
    // No identity without its profile: the address stays free for another try.
    await deleteIdentity(userId);
    throw error;
  }
  const token = await issueLinkToken({ purpose: 'reset-password', email, userId, ttlMs: INVITE_LINK_TTL_MS, nowMs: now.getTime() });
  await publish('EmailRequested', { to: email, template: 'invite', path: `/reset-password?token=${token}` });
  await publish('AccountInvited', { userId, email, role, invitedBy: admin.user_id });
  await recordAdminAction({ actorId: admin.user_id, actorEmail: admin.email, action: 'user.create', target: userId, detail: { email, role } });
  return respond(profileMessageResponseSchema, { profile, message: M.userAdded(email) }, 201);
});
