import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Single-use, expiring tokens for e-mailed links (sign-up confirmation, password reset).
 * Only a hash is stored, so a leaked table does not leak working links.
 */
export type LinkPurpose = 'confirm-sign-up' | 'reset-password';
export type LinkState = 'valid' | 'expired' | 'used' | 'unknown';

export interface LinkToken {
  purpose: LinkPurpose;
  email: string;
  /**
   * The Cognito user (sub) the link was made for: a confirmation link confirms that very
   * sign-up and no later one; a reset link names whose sessions it ends. Absent on links
   * issued before this field existed.
   */
  userId?: string;
  /** When it was issued; a reset link older than the account's last revocation no longer works. */
  issuedAtMs?: number;
  expiresAtMs: number;
  usedAtMs?: number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function stateOf(record: LinkToken | undefined, purpose: LinkPurpose, nowMs: number): LinkState {
  if (!record || record.purpose !== purpose) return 'unknown';
  if (record.usedAtMs !== undefined) return 'used';
  return record.expiresAtMs <= nowMs ? 'expired' : 'valid';
}

export async function issueLinkToken(input: { purpose: LinkPurpose; email: string; userId: string; ttlMs: number; nowMs: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAtMs = input.nowMs + input.ttlMs;
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...keys.linkToken(hash(token)),
        ...keys.linkTokenOfEmail(input.email, hash(token)),
        type: 'link-token',
        purpose: input.purpose,
        email: input.email,
        userId: input.userId,
        issuedAtMs: input.nowMs,
        expiresAtMs,
        // Kept a day past expiry so a late click still says "expired" rather than "unknown".
        ttl: ttlSeconds(expiresAtMs + 24 * 60 * 60 * 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

export async function readLinkToken(token: string): Promise<LinkToken | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.linkToken(hash(token)), ConsistentRead: true }),
  );
  return Item as LinkToken | undefined;
}

/**
 * Marks the token used if it is valid now, atomically: two clicks racing on one link
 * see exactly one success. Returns the record on success, or the state that refused it.
 */
export async function consumeLinkToken(
  token: string,
  purpose: LinkPurpose,
  nowMs: number,
): Promise<{ ok: true; record: LinkToken } | { ok: false; state: Exclude<LinkState, 'valid'> }> {
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.linkToken(hash(token)),
        UpdateExpression: 'SET usedAtMs = :now',
        ConditionExpression: 'attribute_exists(pk) AND purpose = :purpose AND attribute_not_exists(usedAtMs) AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':now': nowMs, ':purpose': purpose },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ok: true, record: Attributes as LinkToken };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const state = stateOf(await readLinkToken(token), purpose, nowMs);
    return { ok: false, state: state === 'valid' ? 'used' : state };
  }
}

/** Gives a consumed token back when the step after consuming it failed for reasons not the user's. */
export async function releaseLinkToken(token: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({ TableName: env().TABLE_NAME, Key: keys.linkToken(hash(token)), UpdateExpression: 'REMOVE usedAtMs' }),
  );
}
