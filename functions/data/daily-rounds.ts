import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { UNLIMITED } from '#shared/entitlements.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { ttlSeconds } from './table-design.ts';
import * as keys from './table-keys.ts';

/** The UTC day used for the daily round limit (a day the browser cannot move by changing its clock). */
export const limitDay = (now: Date) => now.toISOString().slice(0, 10);

/** Counts one more round today; false when the limit is already reached. Atomic under concurrent starts. */
export async function takeDailyRound(userId: string, now: Date, limit: number): Promise<boolean> {
  const day = limitDay(now);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.dailyRounds(userId, day),
        UpdateExpression: 'ADD rounds :one SET #ttl = :ttl',
        ConditionExpression: limit === UNLIMITED ? undefined : 'attribute_not_exists(rounds) OR rounds < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ttl': ttlSeconds(now.getTime() + 2 * 24 * 60 * 60 * 1000),
          ...(limit === UNLIMITED ? {} : { ':limit': limit }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function roundsPlayedToday(userId: string, now: Date): Promise<number> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.dailyRounds(userId, limitDay(now)) }));
  return Number(Item?.rounds ?? 0);
}
