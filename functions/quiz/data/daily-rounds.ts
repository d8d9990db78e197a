import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { UNLIMITED } from '#shared/entitlements.ts';
import { limitDay } from '#shared/quiz/daily-limit.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { TransactItem } from './rounds.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * The free daily limit's counter: one item per account and local day (the account's time
 * zone), counting rounds whose first answer was accepted (shared/quiz/daily-limit.ts).
 */

/** The counter's increment, written in the same transaction as a round's first answer; fails at the limit. */
export function countRoundItem(userId: string, now: Date, timeZone: string, limit: number): TransactItem {
  return {
    Update: {
      TableName: env().TABLE_NAME,
      Key: keys.dailyRounds(userId, limitDay(now, timeZone)),
      UpdateExpression: 'ADD rounds :one SET #ttl = :ttl',
      ConditionExpression: limit === UNLIMITED ? undefined : 'attribute_not_exists(rounds) OR rounds < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': ttlSeconds(now.getTime() + 2 * 24 * 60 * 60 * 1000),
        ...(limit === UNLIMITED ? {} : { ':limit': limit }),
      },
    },
  };
}

export async function roundsPlayedToday(userId: string, now: Date, timeZone: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.dailyRounds(userId, limitDay(now, timeZone)), ConsistentRead: true }),
  );
  return Number(Item?.rounds ?? 0);
}
