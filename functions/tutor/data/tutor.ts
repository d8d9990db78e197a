import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS, utcDate } from '#shared/dates.ts';
import { TUTOR_LIMITS } from '#shared/tutor/tutor.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Counts one tutor question against the account's UTC day, only while under the limit (a
 * conditional update: concurrent questions cannot pass it, and a refused one is not
 * counted). Returns how many were used including this one, or null when the limit is reached.
 */
export async function claimTutorQuestion(userId: string, now: Date, limit: number = TUTOR_LIMITS.dailyQuestions): Promise<number | null> {
  const day = utcDate(now);
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.tutorDay(userId, day),
        UpdateExpression: 'ADD #used :one SET #ttl = if_not_exists(#ttl, :ttl), #type = :type',
        ConditionExpression: 'attribute_not_exists(#used) OR #used < :limit',
        ExpressionAttributeNames: { '#used': 'used', '#ttl': 'ttl', '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': ttlSeconds(Date.parse(`${day}T00:00:00.000Z`) + 2 * DAY_MS), ':type': 'tutor-day' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.used ?? 1);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** Gives a question back when no answer could be produced (a failure is not the student's question spent). */
export async function releaseTutorQuestion(userId: string, now: Date): Promise<void> {
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.tutorDay(userId, utcDate(now)),
        UpdateExpression: 'ADD #used :minus',
        ConditionExpression: '#used > :zero',
        ExpressionAttributeNames: { '#used': 'used' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(() => undefined);
}
