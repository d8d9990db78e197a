import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { OFFLINE } from '#shared/offline/offline.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { IndexedQuestion } from '../../questions/data/question-bank.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { tryTransactWrite } from '../../data/transact.ts';

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

/** Offline results counted per account and UTC day (`OFFLINEDAY#<day>`, TTL 2 days): see OFFLINE.countedPerDay. */
const offlineDay = (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `OFFLINEDAY#${day}` });

export type PackClaim = 'claimed' | 'already_counted' | 'daily_limit' | 'missing';

/**
 * Claims the pack for one play (an issued pack counts once), in one transaction
 * with the account's count of the day (below OFFLINE.countedPerDay). The claim names the client
 * attempt id, so the same play sent again (the outbox retries) finds its own claim and goes on
 * without counting twice, while any other play of the pack, concurrent or later, is refused.
 */
export async function claimOfflinePack(userId: string, packId: string, clientAttemptId: string, now: number): Promise<PackClaim> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const outcome = await tryClaim(userId, packId, clientAttemptId, now);
    if (outcome !== 'conflict') return outcome;
    // A concurrent claim of the pack: whoever holds it now decides, else try again.
    const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.offlinePack(userId, packId), ConsistentRead: true }));
    if (!Item) return 'missing';
    if (Item.countedAttemptId !== undefined) return Item.countedAttemptId === clientAttemptId ? 'claimed' : 'already_counted';
    await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
  }
  throw new Error(`Offline pack ${packId}: the claim kept conflicting`);
}

async function tryClaim(userId: string, packId: string, clientAttemptId: string, now: number): Promise<PackClaim | 'conflict'> {
  const day = new Date(now).toISOString().slice(0, 10);
  const cancelled = await tryTransactWrite([
    {
      Update: {
        TableName: env().TABLE_NAME,
        Key: keys.offlinePack(userId, packId),
        UpdateExpression: 'SET countedAttemptId = :id',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(countedAttemptId)',
        ExpressionAttributeValues: { ':id': clientAttemptId },
      },
    },
    {
      Update: {
        TableName: env().TABLE_NAME,
        Key: offlineDay(userId, day),
        UpdateExpression: 'ADD used :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(used) OR used < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': OFFLINE.countedPerDay, ':ttl': ttlSeconds(now + 2 * 24 * 60 * 60 * 1000) },
      },
    },
  ]);
  if (!cancelled) return 'claimed';
  const [pack, counter] = cancelled.codes;
  // The pack is claimed already (by this play, sent again, or by another): the caller reads who holds it.
  if (pack === 'ConditionalCheckFailed' || pack === 'TransactionConflict') return 'conflict';
  if (counter === 'ConditionalCheckFailed') return 'daily_limit';
  if (counter === 'TransactionConflict') return 'conflict';
  throw cancelled.error;
}
