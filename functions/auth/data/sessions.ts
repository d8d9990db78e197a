import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { REFRESH_TOKEN_DAYS } from '../../lib/refresh-cookie.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Session revocation that the API enforces itself. In AWS, AdminUserGlobalSignOut ends the
 * refresh tokens but the JWT authorizer keeps accepting access tokens until they expire,
 * and cognito-local has no global sign-out at all. So each account keeps one instant,
 * "sessions valid after": access tokens issued before it are refused (requireCaller),
 * sign-ins before it renew nothing (/api/auth/refresh), and reset links issued before it
 * no longer work.
 */

const hash = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('hex');

/** Access tokens say when they were issued in whole seconds (iat): one issued in the cutoff's second may predate it, so it counts as before. */
export function issuedBeforeCutoff(issuedAtSeconds: number, validAfterMs: number): boolean {
  return issuedAtSeconds < Math.ceil(validAfterMs / 1000);
}

export async function sessionsValidAfter(userId: string): Promise<number | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.sessionsValidAfter(userId), ConsistentRead: true }),
  );
  return typeof Item?.validAfterMs === 'number' ? Item.validAfterMs : undefined;
}

/** Everything issued to the account before `nowMs` stops working. The instant only moves forward. */
export async function revokeSessionsBefore(userId: string, nowMs: number): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.sessionsValidAfter(userId),
        UpdateExpression: 'SET validAfterMs = :now, #type = :type',
        ConditionExpression: 'attribute_not_exists(validAfterMs) OR validAfterMs < :now',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':now': nowMs, ':type': 'sessions' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export interface SignInRecord {
  userId: string;
  signedInAtMs: number;
}

/**
 * Remembers when a refresh token was issued. Cognito's refresh tokens are opaque, and
 * renewing one gives tokens stamped with the renewal time, so this is what tells a
 * renewal whether its sign-in predates the account's cutoff.
 */
export async function recordSignIn(refreshToken: string, record: SignInRecord): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.signIn(hash(refreshToken)),
        ...keys.signInOfUser(record.userId, hash(refreshToken)),
        type: 'sign-in',
        ...record,
        ttl: ttlSeconds(record.signedInAtMs + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000),
      },
    }),
  );
}

export async function signInOf(refreshToken: string): Promise<SignInRecord | undefined> {
  // Consistent: a refresh right after signing in must find the record.
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.signIn(hash(refreshToken)), ConsistentRead: true }),
  );
  if (typeof Item?.userId !== 'string' || typeof Item.signedInAtMs !== 'number') return undefined;
  return { userId: Item.userId, signedInAtMs: Item.signedInAtMs };
}
