import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { totpCode } from '#infra/local/totp.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { jsonCaller } from '../support/json-call.ts';

/**
 * scripts/create-admin.ts, the runbook's way to a stage's first admin, run as an operator
 * runs it (a process of its own, flags for the table and the pool) against the local stack:
 * the person it names gets the invitation, sets a password, turns on two-step sign-in and uses
 * the admin API.
 */
const { mailbox } = useLocalStack();
const stackEnv = inject('stackEnv');
const api = inject('apiUrl');
const { getProfile } = await import('../../functions/profile/data/profiles.ts');
const { cognitoClient } = await import('../../functions/lib/clients.ts');

const run = promisify(execFile);
async function createAdmin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // The script takes the table and pool from flags; the rest of the stack's env only points the SDK at the emulators.
  const { TABLE_NAME, USER_POOL_ID, EVENT_BUS_NAME, ...endpoints } = stackEnv;
  const env: NodeJS.ProcessEnv = { ...process.env, ...endpoints, EVENT_BUS_NAME };
  delete env.TABLE_NAME;
  delete env.USER_POOL_ID;
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['scripts/create-admin.ts', ...args, '--table', TABLE_NAME!, '--user-pool-id', USER_POOL_ID!], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const call = jsonCaller(api);

describe('scripts/create-admin.ts', () => {
  it('creates the identity and the admin profile as Add User does; the invitation leads to a working admin account', async () => {
    const email = uniqueEmail('first-admin');
    const created = await createAdmin('--email', email, '--name', 'Ada Admin');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const userId = /user id ([\w-]+)\)/.exec(created.stdout)?.[1];
    expect(userId).toBeDefined();

    expect(await getProfile(userId!)).toMatchObject({ email, role: 'admin', subscription_status: 'free', metadata: { full_name: 'Ada Admin' } });
    const groups = await cognitoClient().send(new AdminListGroupsForUserCommand({ UserPoolId: stackEnv.USER_POOL_ID, Username: userId! }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['admin']);

    // The link printed is the one mailed: it sets a (staff-strength) password, then the admin API answers.
    const mail = await mailTo(mailbox, email, /invited/);
    const token = linkToken(mail, 'token');
    expect(created.stdout).toContain(`/reset-password?token=${token}`);
    const password = 'First-Admin#2026';
    expect((await call('/api/auth/password-reset/confirm', { body: { token, password, confirmPassword: password } })).status).toBe(200);
    const signIn = await call<{ tokens: { accessToken: string } }>('/api/auth/sign-in', { body: { email, password } });
    expect(signIn.status).toBe(200);
    const accessToken = signIn.body.tokens.accessToken;

    // Admins turn on two-step sign-in before the console answers them, as the runbook says.
    expect((await call('/api/admin/users?role=admin', { token: accessToken })).status).toBe(403);
    const setup = await call<{ secret: string }>('/api/auth/mfa/setup', { token: accessToken, body: {} });
    expect(setup.status).toBe(200);
    expect((await call('/api/auth/mfa/confirm', { token: accessToken, body: { code: totpCode(setup.body.secret) } })).status).toBe(200);
    expect((await call('/api/admin/users?role=admin', { token: accessToken })).status).toBe(200);
  });

  it('refuses an address that already has an account, and bad input, changing nothing', async () => {
    const email = uniqueEmail('taken');
    expect((await createAdmin('--email', email, '--name', 'First Try')).code).toBe(0);
    const again = await createAdmin('--email', email, '--name', 'Second Try');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${email} already has an account (role admin)`);

    const bad = await createAdmin('--email', 'not-an-address', '--name', '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Give the admin a name (--name)');
  });
});
