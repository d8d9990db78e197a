import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { OFFLINE } from '#shared/offline/offline.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import type { IndexedQuestion } from './question-bank.ts';
import { ttlSeconds } from './table-design.ts';
import * as keys from './table-keys.ts';

/**
 * An offline quiz pack as issued: the questions with their answer key, kept under the
 * account that downloaded it (another account's pack id is simply not found). Results
 * played offline are graded against this copy, never against what the browser sends.
 */
export interface OfflinePackRecord {
  packId: string;
  userId: string;
  subject: Subject;
  level: Level;
  questions: (IndexedQuestion & { level: Level })[];
  issuedAt: number;
}

export async function putOfflinePack(pack: OfflinePackRecord): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { type: 'offline_pack', ...pack, ...keys.offlinePack(pack.userId, pack.packId), ttl: ttlSeconds(pack.issuedAt + OFFLINE.packKeepMs) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The pack, if this account was issued it and it has not expired. */
export async function getOfflinePack(userId: string, packId: string, now: number): Promise<OfflinePackRecord | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.offlinePack(userId, packId), ConsistentRead: true }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ttl, countedAttemptId: _counted, ...pack } = Item;
  // TTL deletion is lazy: an expired pack is gone as far as results are concerned.
  if (typeof ttl === 'number' && ttl * 1000 <= now) return undefined;
  return pack as unknown as OfflinePackRecord;
}

/**
 * Claims the pack for one play (issue 17 #4: an issued pack counts once). The claim names the
 * client attempt id, so the same play sent again (the outbox retries) claims it again and
 * stays idempotent, while any other play of the pack, concurrent or later, is refused.
 */
export async function claimOfflinePack(userId: string, packId: string, clientAttemptId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.offlinePack(userId, packId),
        UpdateExpression: 'SET countedAttemptId = :id',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(countedAttemptId) OR countedAttemptId = :id)',
        ExpressionAttributeValues: { ':id': clientAttemptId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
