import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { untilProcessed } from './unprocessed.ts';

type Key = { pk: string; sk: string };
export type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Record<string, unknown> } };

/** Puts and deletes, 25 to a request (DynamoDB's most), retrying what DynamoDB leaves unprocessed with backoff. At most one request per key. */
export async function writeItems(all: readonly WriteRequest[]): Promise<void> {
  const table = env().TABLE_NAME;
  for (let i = 0; i < all.length; i += 25) {
    await untilProcessed(all.slice(i, i + 25), async (requests) => {
      const { UnprocessedItems } = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: [...requests] } }));
      return (UnprocessedItems?.[table] ?? []) as WriteRequest[];
    }, 'batch writes');
  }
}

/** Deletes items by key. Deleting what is gone changes nothing. */
export const deleteItems = (itemKeys: readonly Key[]): Promise<void> => writeItems(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));

/** Puts items whole, replacing any with the same key. */
export const putItems = (items: readonly Record<string, unknown>[]): Promise<void> => writeItems(items.map((Item) => ({ PutRequest: { Item } })));
