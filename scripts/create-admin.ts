import { parseArgs } from 'node:util';
import * as z from 'zod';
import { addUserSchema, INVITE_LINK_TTL_MS } from '../shared/admin/users.ts';
import { fullNameSchema } from '../shared/profile.ts';

/**
 * Creates a stage's first admin (docs/runbook.md), as the admin console's Add User does
 * (functions/admin/add-user.ts) with the same data functions: a confirmed Cognito identity
 * without a password, the profile with role admin (and the name), the admin group, the
 * 7-day set-a-password link mailed through EmailRequested, AccountInvited for the admin
 * statistics, and an audit entry by "operator". It also prints the link, for a stage whose
 * SES is still in the sandbox.
 *
 *   AWS_REGION=<region> npx tsx scripts/create-admin.ts --email ada@school.example --name "Ada Admin" \
 *     --stage prod --table <TableName output> --user-pool-id <UserPoolId output>
 *
 * --table and --user-pool-id default to TABLE_NAME and USER_POOL_ID; the bus is the stage's
 * (quizquest-<stage>) unless EVENT_BUS_NAME says otherwise.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    stage: { type: 'string' },
    table: { type: 'string' },
    'user-pool-id': { type: 'string' },
  },
});

const argsSchema = z.object({
  email: addUserSchema.shape.email,
  name: fullNameSchema.refine((name) => name.length > 0, 'Give the admin a name (--name)'),
  table: z.string({ error: 'Give the table (--table, the Data stack output TableName) or TABLE_NAME' }).min(1),
  userPoolId: z.string({ error: 'Give the user pool (--user-pool-id, the Auth stack output UserPoolId) or USER_POOL_ID' }).min(1),
  eventBus: z.string({ error: 'Give the stage (--stage) or EVENT_BUS_NAME' }).min(1),
});
const parsed = argsSchema.safeParse({
  email: values.email,
  name: values.name ?? '',
  table: values.table ?? process.env.TABLE_NAME,
  userPoolId: values['user-pool-id'] ?? process.env.USER_POOL_ID,
  eventBus: process.env.EVENT_BUS_NAME ?? (values.stage ? `quizquest-${values.stage}` : undefined),
});
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  console.error('Usage: npx tsx scripts/create-admin.ts --email <address> --name "<full name>" --stage <stage> --table <table> --user-pool-id <pool id>');
  process.exit(2);
}
const { email, name, table, userPoolId, eventBus } = parsed.data;

// The functions read their settings from the environment once: set them before loading them.
Object.assign(process.env, { TABLE_NAME: table, USER_POOL_ID: userPoolId, EVENT_BUS_NAME: eventBus });
for (const unused of ['USER_POOL_CLIENT_ID', 'MAIL_FROM']) process.env[unused] ??= 'unused-by-create-admin';

const { addToRoleGroup, deleteIdentity } = await import('../functions/auth/data/accounts.ts');
const { createInvitedIdentity } = await import('../functions/admin/data/admin-accounts.ts');
const { recordAdminAction } = await import('../functions/admin/data/audit-log.ts');
const { issueLinkToken } = await import('../functions/auth/data/link-tokens.ts');
const { ensureProfile, findProfileByEmail, newProfile } = await import('../functions/profile/data/profiles.ts');
const { publish } = await import('../functions/lib/publish.ts');
const { siteUrl } = await import('../functions/lib/site-url.ts');

const existing = await findProfileByEmail(email);
if (existing) {
  console.error(`${email} already has an account (role ${existing.role}); an admin can change its role in the console.`);
  process.exit(1);
}

const userId = await createInvitedIdentity(email);
const now = new Date();
try {
  const profile = newProfile({ userId, email, role: 'admin', now });
  await ensureProfile({ ...profile, metadata: { ...profile.metadata, full_name: name } });
  await addToRoleGroup(userId, 'admin');
} catch (error) {
  // As Add User: no identity without its profile, so the script can simply be run again.
  await deleteIdentity(userId);
  throw error;
}
const token = await issueLinkToken({ purpose: 'reset-password', email, userId, ttlMs: INVITE_LINK_TTL_MS, nowMs: now.getTime() });
const path = `/reset-password?token=${token}`;
await publish('EmailRequested', { to: email, template: 'invite', path });
await publish('AccountInvited', { userId, email, role: 'admin', invitedBy: 'operator' });
await recordAdminAction({ actorId: 'operator', actorEmail: 'scripts/create-admin.ts', action: 'user.create', target: userId, detail: { email, role: 'admin' } });

// Before the web stack's first deploy the table holds no site URL yet: the path is still the link's.
const origin = await siteUrl().catch(() => '<site url>');
console.log(`Admin ${name} <${email}> created (user id ${userId}); the invitation e-mail is on its way.`);
console.log(`Set-a-password link (valid 7 days, once): ${origin}${path}`);
