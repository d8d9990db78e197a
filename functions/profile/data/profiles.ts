import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { profileSchema, type Profile } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { shardOf } from '#shared/counter-shards.ts';
import { DEFAULT_TIME_MULTIPLIER, timeMultiplierSchema, type TimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { BadRequest } from '../../lib/errors.ts';
import * as keys from '../../data/table-keys.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/** user_profiles of docs/social.md: the server's record of who a user is and what they may do. */

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

export function fromItem(item: Record<string, unknown>): Profile {
  return profileSchema.parse(item);
}

export async function getProfile(userId: string): Promise<Profile | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.profile(userId) }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * The player's time multiplier for timed play, read from the server's own
 * profile record: standard time (1) when unset or when there is no profile.
 */
export const timeMultiplierOfProfile = (profile: Profile): TimeMultiplier => profile.metadata.time_multiplier ?? DEFAULT_TIME_MULTIPLIER;

export async function timeMultiplierOf(userId: string): Promise<TimeMultiplier> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.profile(userId), ProjectionExpression: 'metadata.time_multiplier' }),
  );
  const parsed = timeMultiplierSchema.safeParse((Item?.metadata as Record<string, unknown> | undefined)?.time_multiplier);
  return parsed.success ? parsed.data : DEFAULT_TIME_MULTIPLIER;
}

/**
 * Writes the profile unless one exists, and counts the new user for the landing
 * statistics; returns the stored profile either way (idempotent).
 */
export async function ensureProfile(profile: Profile): Promise<Profile> {
  const cancelled = await tryTransactWrite([
    { Put: { TableName: env().TABLE_NAME, Item: toItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: { TableName: env().TABLE_NAME, Key: keys.globalStats(shardOf(profile.user_id)), UpdateExpression: 'ADD #users :one', ExpressionAttributeNames: { '#users': 'users' }, ExpressionAttributeValues: { ':one': 1 } } },
  ]);
  if (!cancelled) return profile;
  const existing = await getProfile(profile.user_id);
  if (!existing) throw cancelled.error;
  return existing;
}

/**
 * Starts the 7-day trial, once per account and only on the free tier; the condition
 * makes two racing clicks start one trial. Returns undefined when refused.
 */
export async function startTrial(userId: string, now: Date, days: number): Promise<Profile | undefined> {
  const ends = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.profile(userId),
        UpdateExpression: 'SET metadata.trial_active = :true, metadata.trial_started = :now, metadata.trial_ends = :ends, subscription_updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND subscription_status = :free AND attribute_not_exists(metadata.trial_started)',
        ExpressionAttributeValues: { ':true': true, ':now': now.toISOString(), ':ends': ends.toISOString(), ':free': 'free' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Ends a trial whose time is up, so the stored profile says what the server decides. */
export async function expireTrialIfDue(profile: Profile, now: Date): Promise<Profile> {
  const { trial_active, trial_ends } = profile.metadata;
  if (!trial_active || !trial_ends || Date.parse(trial_ends) > now.getTime()) return profile;
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.profile(profile.user_id),
        UpdateExpression: 'SET metadata.trial_active = :false, subscription_updated_at = :now',
        ConditionExpression: 'metadata.trial_active = :true',
        ExpressionAttributeValues: { ':false': false, ':true': true, ':now': now.toISOString() },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
  return { ...profile, metadata: { ...profile.metadata, trial_active: false } };
}

/**
 * The write that moves an account to another time zone, for a transaction with the round
 * that asked for it. Conditional on the zone not having changed since `profile` was read,
 * so of two rounds started at once with different zones only one moves it.
 */
export function timeZoneChange(profile: Profile, timeZone: string, now: Date) {
  const previous = profile.time_zone_changed_at;
  return {
    Update: {
      TableName: env().TABLE_NAME,
      Key: keys.profile(profile.user_id),
      UpdateExpression: 'SET time_zone = :zone, time_zone_changed_at = :now',
      ConditionExpression: previous ? 'time_zone_changed_at = :previous' : 'attribute_exists(pk) AND attribute_not_exists(time_zone_changed_at)',
      ExpressionAttributeValues: { ':zone': timeZone, ':now': now.toISOString(), ...(previous ? { ':previous': previous } : {}) },
    },
  };
}

/** Overwrites a profile (seeding and admin changes). */
/**
 * The fields a person edits on /profile; an empty value removes the field. Only an
 * existing profile is changed (an account deleted meanwhile stays deleted).
 */
export async function updateProfileDetails(
  userId: string,
  { time_multiplier, ...details }: { full_name: string; phone_number: string; time_multiplier?: TimeMultiplier },
  now: Date,
): Promise<Profile | undefined> {
  const set = ['metadata.updated_at = :now'];
  const remove: string[] = [];
  const values: Record<string, string | number> = { ':now': now.toISOString() };
  if (time_multiplier !== undefined) {
    set.push('metadata.time_multiplier = :time_multiplier');
    values[':time_multiplier'] = time_multiplier;
  }
  for (const [field, value] of Object.entries(details)) {
    if (value) {
      set.push(`metadata.${field} = :${field}`);
      values[`:${field}`] = value;
    } else remove.push(`metadata.${field}`);
  }
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.profile(userId),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

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
      ExclusiveStartKey: cursor ? decodeCursor(cursor, role) : undefined,
    }),
  );
  return {
    items: (Items ?? []).map(fromItem),
    nextCursor: LastEvaluatedKey ? Buffer.from(JSON.stringify(LastEvaluatedKey)).toString('base64url') : null,
  };
}

/** A page cursor is the index key DynamoDB returned; anything else is a client's invention. */
const roleCursorSchema = z.strictObject({
  pk: z.string().min(1).max(256),
  sk: z.string().min(1).max(256),
  gsi2pk: z.string(),
  gsi2sk: z.string().min(1).max(320),
});

function decodeCursor(cursor: string, role: Role): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = roleCursorSchema.safeParse(value);
  if (!parsed.success || parsed.data.gsi2pk !== `ROLE#${role}`) throw new BadRequest('Invalid cursor', { cursor: 'Invalid format' });
  return parsed.data;
}
