import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { ttlSeconds } from './table-design.ts';
import * as keys from './table-keys.ts';

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Runs `effect` at most once per consumer and event id. EventBridge delivers at least
 * once; the marker is claimed first and given back if the effect fails, so a retry can
 * run it again.
 */
export async function runOnce(consumer: string, eventId: string, effect: () => Promise<void>): Promise<'done' | 'duplicate'> {
  const Key = keys.processedEvent(consumer, eventId);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { ...Key, type: 'processed-event', ttl: ttlSeconds(Date.now() + KEEP_MS) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'duplicate';
    throw error;
  }
  try {
    await effect();
    return 'done';
  } catch (error) {
    await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key }));
    throw error;
  }
}
