import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminRemoveUserFromGroupCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '#shared/api.ts';
import { ADMIN_MESSAGES as M, type EditUserInput } from '#shared/admin/users.ts';
import type { Role } from '#shared/constants.ts';
import { cognitoClient, documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { AppError, Conflict, Unavailable } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { fromItem } from '../../profile/data/profiles.ts';
import * as keys from '../../data/table-keys.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/** What admins do to other people's accounts: the identity in Cognito and the profile. */

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

function unexpected(error: unknown, message: string): AppError {
  log.error('cognito call failed', { name: nameOf(error), message: error instanceof Error ? error.message : String(error) });
  return new Unavailable(message);
}

/**
 * A confirmed identity without a password the person knows (Cognito sends nothing: the
 * invitation is our own e-mail with a set-a-password link). Answers its user id.
 */
export async function createInvitedIdentity(email: string): Promise<string> {
  try {
    const { User } = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: env().USER_POOL_ID,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('AdminCreateUser returned no sub');
    return sub;
  } catch (error) {
    if (nameOf(error) === 'UsernameExistsException') throw new Conflict(M.emailTaken, 'email_taken');
    throw unexpected(error, M.addFailed);
  }
}

/** The identity's sign-in address (verified: an admin vouches for it). */
export async function changeIdentityEmail(userId: string, email: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env().USER_POOL_ID,
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if (['AliasExistsException', 'UsernameExistsException'].includes(nameOf(error))) throw new Conflict(M.emailTaken, 'email_taken');
    throw unexpected(error, M.updateFailed);
  }
}

/** Role groups mirror the profile's role (tokens carry cognito:groups for AWS-side tools). */
export async function moveRoleGroup(userId: string, from: Role, to: Role): Promise<void> {
  if (from === to) return;
  const pool = env().USER_POOL_ID;
  try {
    await cognitoClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: pool, Username: userId, GroupName: from }));
  } catch (error) {
    // Not in the group (an account made before groups) is fine.
    if (!['ResourceNotFoundException', 'UserNotFoundException'].includes(nameOf(error))) log.warn('remove from role group failed', { name: nameOf(error) });
  }
  try {
    await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: userId, GroupName: to }));
  } catch (error) {
    throw unexpected(error, M.updateFailed);
  }
}

/** The outcome of Edit User's write: the profile as stored, or why nothing changed. */
export type AdminEditOutcome =
  | { profile: Profile }
  /** changed: the account is not as read (gone, or changed meanwhile); not_admin: the actor lost the role meanwhile. */
  | { refused: 'changed' | 'not_admin' | 'last_admin' | 'busy' };

let witnessesForTests: ((exclude: string) => Promise<string[]>) | undefined;
/** Tests name the "other admins" a self-demotion may lean on (the shared test table has many). */
export function useAdminWitnessesForTests(find: ((exclude: string) => Promise<string[]>) | undefined): void {
  witnessesForTests = find;
}

/** Up to 10 admins other than `exclude`, from the role index (which may lag: each is re-checked in the write). */
async function otherAdmins(exclude: string): Promise<string[]> {
  if (witnessesForTests) return witnessesForTests(exclude);
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.profileByRole('admin', '').gsi2pk },
      Limit: 11,
    }),
  );
  return (Items ?? []).map((item) => fromItem(item).user_id).filter((id) => id !== exclude).slice(0, 10);
}

const TRIES = 6;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));

/**
 * Edit User's change of the profile: e-mail (and its index keys), role (and the role index),
 * subscription status, conditional on the profile being as it was read (`before`).
 *
 * One transaction holds the change and a check that a *witness* is an admin when it commits:
 * the actor, when the target is someone else (so an admin demoted a moment ago cannot still
 * change roles), or, when an admin steps down, another admin. Each commit thus leaves its
 * witness an admin, so no interleaving of demotions (two admins demoting each other, two
 * stepping down) can leave none.
 */
export async function updateProfileByAdmin(before: Profile, change: EditUserInput, now: Date, actorId: string): Promise<AdminEditOutcome> {
  const subscriptionChanged = change.subscription_status !== before.subscription_status;
  const table = env().TABLE_NAME;
  const update = {
    TableName: table,
    Key: keys.profile(before.user_id),
    UpdateExpression: [
      'SET email = :email, #role = :role, subscription_status = :status, gsi1pk = :gsi1pk, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, metadata.updated_at = :now',
      subscriptionChanged ? ', subscription_updated_at = :now' : '',
    ].join(''),
    ConditionExpression: 'attribute_exists(pk) AND #role = :before AND email = :beforeEmail',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: {
      ':email': change.email,
      ':role': change.role,
      ':status': change.subscription_status,
      ':gsi1pk': keys.profileByEmail(change.email).gsi1pk,
      ':gsi2pk': keys.profileByRole(change.role, change.email).gsi2pk,
      ':gsi2sk': change.email,
      ':now': now.toISOString(),
      ':before': before.role,
      ':beforeEmail': before.email,
    },
  };
  const self = actorId === before.user_id;
  const stepsDown = self && before.role === 'admin' && change.role !== 'admin';
  // Editing oneself without stepping down needs no witness: the condition on one's own role holds it.
  const witnesses: (string | null)[] = !self ? [actorId] : stepsDown ? await otherAdmins(before.user_id) : [null];

  for (const witness of witnesses) {
    const check = witness && {
      ConditionCheck: { TableName: table, Key: keys.profile(witness), ConditionExpression: '#role = :admin', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':admin': 'admin' } },
    };
    let witnessFailed = false;
    for (let attempt = 0; attempt < TRIES && !witnessFailed; attempt++) {
      const cancelled = await tryTransactWrite([{ Update: update }, ...(check ? [check] : [])]);
      if (!cancelled) {
        const { Item } = await documentClient().send(new GetCommand({ TableName: table, Key: keys.profile(before.user_id), ConsistentRead: true }));
        return Item ? { profile: fromItem(Item) } : { refused: 'changed' };
      }
      const [target, witnessCode] = cancelled.codes;
      if (target === 'ConditionalCheckFailed') return { refused: 'changed' };
      if (witnessCode === 'ConditionalCheckFailed') {
        if (!self) return { refused: 'not_admin' };
        witnessFailed = true; // no longer an admin: lean on the next one
      } else await pause(attempt); // a concurrent transaction on the same items
    }
    if (!witnessFailed) return { refused: 'busy' };
  }
  return { refused: stepsDown ? 'last_admin' : 'busy' };
}

/**
 * Delete User takes the profile out at once (the account leaves the lists and every call
 * with it is refused from this moment); AccountDeleted's consumer removes the rest.
 */
export async function deleteProfileNow(userId: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: keys.profile(userId) }));
}

/** Accounts of one role whose e-mail starts with `prefix` (the Users tab's search): one bounded query of the role index. */
export async function searchProfilesByRole(role: Role, prefix: string, limit: number): Promise<Profile[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.profileByRole(role, '').gsi2pk, ':prefix': prefix },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromItem);
}
