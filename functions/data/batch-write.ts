import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

type Key = { pk: string; sk: string };
type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Record<string, unknown> } };

/** Writes 25 to a request, retrying what DynamoDB leaves unprocessed with backoff. */
async function writeInBatches(all: readonly WriteRequest[]): Promise<void> {
  const table = env().TABLE_NAME;
  for (let i = 0; i < all.length; i += 25) {
    let requests = all.slice(i, i + 25);
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 5)));
      if (attempt > 8) throw new Error('batch writes kept being throttled');
      const { UnprocessedItems } = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: [...requests] } }));
      requests = (UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }
  }
}

/** Deletes items by key. Deleting what is gone changes nothing. */
export const deleteItems = (itemKeys: readonly Key[]): Promise<void> => writeInBatches(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));

/** Puts items whole, replacing any with the same key. */
export const putItems = (items: readonly Record<string, unknown>[]): Promise<void> => writeInBatches(items.map((Item) => ({ PutRequest: { Item } })));
