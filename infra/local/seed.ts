import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#shared/constants.ts';
import { countAccountChange } from '#functions/data/admin-stats.ts';
import { getProfile, newProfile, putProfile } from '#functions/data/profiles.ts';

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

/** Creates what is missing (the demo accounts, and any `extra` a test stack asks for); a restart with existing data changes nothing. */
export async function seedDemoAccounts(client: CognitoIdentityProviderClient, userPoolId: string, extra: readonly SeedAccount[] = []): Promise<void> {
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
      await countAccountChange({ kind: 'created', role: account.role });
    }
  }
}
