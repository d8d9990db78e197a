import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONSENT_LIMITS, consentDay, declineBlocksUntil } from '#shared/consent/consent-requests.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * The per-pair limits on consent requests (shared/consent/consent-requests.ts). Both items are
 * in the student's partition, so they go with the student's account; TTL removes them after.
 */

/** Counts one request from `askerId` to `studentId` today; false (nothing counted) when the day's limit is reached. */
export async function countConsentRequest(askerId: string, studentId: string, now: Date): Promise<boolean> {
  const day = consentDay(now);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.consentAsked(studentId, askerId, day),
        UpdateExpression: 'ADD asked :one SET #ttl = if_not_exists(#ttl, :ttl)',
        // A conditional count: simultaneous requests cannot pass the limit either.
        ConditionExpression: 'attribute_not_exists(asked) OR asked < :max',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': CONSENT_LIMITS.perPairPerDay, ':ttl': ttlSeconds(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The student said no (declined, or removed the link): the asker waits CONSENT_LIMITS.afterDeclineDays. */
export async function recordDecline(askerId: string, studentId: string, now: Date): Promise<void> {
  const until = declineBlocksUntil(now);
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: { ...keys.consentDeclined(studentId, askerId), type: 'consent-declined', declined_at: now.toISOString(), blocks_until: until.toISOString(), ttl: ttlSeconds(until.getTime()) },
    }),
  );
}

/** Whether a decline by the student still pauses this asker's requests (TTL deletion can lag, so the time is compared). */
export async function declinedRecently(askerId: string, studentId: string, now: Date): Promise<boolean> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.consentDeclined(studentId, askerId), ConsistentRead: true }));
  return Item !== undefined && String(Item.blocks_until) > now.toISOString();
}
