import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { markMfaEnabled } from '#functions/auth/data/mfa.ts';
import { secretHash } from '#functions/lib/secret-hash.ts';
import { totpCode } from './totp.ts';
import type { Role } from '#shared/constants.ts';
import { countAccountChange } from '#functions/admin/data/admin-stats.ts';
import { getProfile, newProfile, putProfile } from '#functions/profile/data/profiles.ts';

/** One demo account per role, so every home can be tried at once. Listed in the README. */
export const DEMO_ACCOUNTS: readonly { role: Role; email: string; password: string }[] = [
  { role: 'student', email: 'student@quizquest.local', password: 'Student#2026' },
  { role: 'parent', email: 'parent@quizquest.local', password: 'Parent#2026' },
  { role: 'teacher', email: 'teacher@quizquest.local', password: 'Teacher#2026' },
  { role: 'admin', email: 'admin@quizquest.local', password: 'Admin#2026' },
];

async function subOf(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | undefined> {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

export type SeedAccount = (typeof DEMO_ACCOUNTS)[number];

/** The pool and its app client, for the sign-in that sets a seeded admin's authenticator up. */
export interface SeedPool {
  userPoolId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Admins sign in with an authenticator code, seeded ones too: each gets an
 * authenticator whose key is kept in `keysFile` (so a restart, `npm start`'s banner and the
 * tests can make codes), as a person would scan it. Answers e-mail → key.
 */
async function seedAuthenticator(client: CognitoIdentityProviderClient, pool: SeedPool, account: SeedAccount, userId: string): Promise<string | undefined> {
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password, SECRET_HASH: secretHash(account.email, pool.clientId, pool.clientSecret) },
    }),
  );
  const accessToken = AuthenticationResult?.AccessToken;
  // A challenge instead: the account has an authenticator already, whose key this data folder lost.
  if (!accessToken) return undefined;
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error(`No authenticator key for ${account.email}`);
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'Demo authenticator' }));
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  await markMfaEnabled(userId, new Date());
  return SecretCode;
}

function readKeys(keysFile: string): Record<string, string> {
  return existsSync(keysFile) ? (JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, string>) : {};
}

/**
 * Creates what is missing (the demo accounts, and any `extra` a test stack asks for); a restart
 * with existing data changes nothing. Answers the seeded admins' authenticator keys (e-mail → key).
 */
export async function seedDemoAccounts(
  client: CognitoIdentityProviderClient,
  pool: SeedPool,
  keysFile: string,
  extra: readonly SeedAccount[] = [],
): Promise<Record<string, string>> {
  const { userPoolId } = pool;
  const keys = readKeys(keysFile);
  for (const account of [...DEMO_ACCOUNTS, ...extra]) {
    let sub = await subOf(client, userPoolId, account.email);
    if (!sub) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email, Password: account.password, Permanent: true }));
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: account.role }));
      sub = await subOf(client, userPoolId, account.email);
    }
    if (!sub) throw new Error(`Could not create demo account ${account.email}`);
    if (!(await getProfile(sub))) {
      await putProfile(newProfile({ userId: sub, email: account.email, role: account.role, now: new Date() }));
      // Counted in the admin overview as an account made through the product would be (no event: the bus may not be up yet).
      await countAccountChange({ kind: 'created', role: account.role }, `seed-${sub}`);
    }
    if (account.role === 'admin' && !keys[account.email]) {
      const key = await seedAuthenticator(client, pool, account, sub);
      if (key) keys[account.email] = key;
      else console.warn(`[seed] ${account.email} has an authenticator whose key is not in ${keysFile}: delete the data folder to seed it again`);
    }
  }
  writeFileSync(keysFile, JSON.stringify(keys, null, 2));
  return keys;
}
