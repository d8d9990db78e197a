import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { profileSchema, type Profile } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { keys } from './table-design.ts';

/** user_profiles of 1-core §3: the server's record of who a user is and what they may do. */

export function newProfile(input: { userId: string; email: string; role?: Role; now: Date }): Profile {
  return {
    user_id: input.userId,
    email: input.email.toLowerCase(),
    role: input.role ?? 'student',
    subscription_status: 'free',
    subscription_updated_at: null,
    created_at: input.now.toISOString(),
    metadata: {},
  };
}

function toItem(profile: Profile) {
  return {
    ...keys.profile(profile.user_id),
    ...keys.profileByEmail(profile.email),
    ...keys.profileByRole(profile.role, profile.email),
    type: 'profile',
    ...profile,
  };
}

function fromItem(item: Record<string, unknown>): Profile {
  return profileSchema.parse(item);
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.profile(userId) }));
  return Item ? fromItem(Item) : undefined;
}

/** Writes the profile unless one exists; returns the stored one either way (idempotent). */
export async function ensureProfile(profile: Profile): Promise<Profile> {
  try {
    await documentClient().send(
      new PutCommand({ TableName: env().TABLE_NAME, Item: toItem(profile), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return profile;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getProfile(profile.user_id);
    if (!existing) throw error;
    return existing;
  }
}

/** Overwrites a profile (seeding and admin changes). */
export async function putProfile(profile: Profile): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: toItem(profile) }));
}

export async function findProfileByEmail(email: string): Promise<Profile | undefined> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': keys.profileByEmail(email.toLowerCase()).gsi1pk, ':sk': 'PROFILE' },
      Limit: 1,
    }),
  );
  return Items?.[0] ? fromItem(Items[0]) : undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Profiles of one role in e-mail order, a page at a time; the cursor is opaque to callers. */
export async function listProfilesByRole(role: Role, limit: number, cursor?: string): Promise<Page<Profile>> {
  const { Items, LastEvaluatedKey } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `ROLE#${role}` },
      Limit: limit,
      ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
    }),
  );
  return {
    items: (Items ?? []).map(fromItem),
    nextCursor: LastEvaluatedKey ? Buffer.from(JSON.stringify(LastEvaluatedKey)).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
