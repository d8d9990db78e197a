import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';

/**
 * Unconfirmed accounts (sign-ups whose link was never clicked) created before `cutoffMs`,
 * oldest pages first as Cognito lists them, at most `limit` user ids. Collected before anything
 * is deleted, so deleting cannot shift the pages being read.
 */
export async function unconfirmedAccountsCreatedBefore(cutoffMs: number, limit: number): Promise<string[]> {
  const found: string[] = [];
  let PaginationToken: string | undefined;
  do {
    const page = await cognitoClient().send(
      new ListUsersCommand({ UserPoolId: env().USER_POOL_ID, Filter: 'cognito:user_status = "UNCONFIRMED"', Limit: 60, PaginationToken }),
    );
    for (const user of page.Users ?? []) {
      const created = user.UserCreateDate?.getTime();
      // A status filter is all Cognito offers; the age is checked here. No date, no deletion.
      if (user.Username && user.UserStatus === 'UNCONFIRMED' && created !== undefined && created < cutoffMs) found.push(user.Username);
      if (found.length >= limit) return found;
    }
    PaginationToken = page.PaginationToken;
  } while (PaginationToken);
  return found;
}
