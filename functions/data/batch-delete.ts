import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

type Key = { pk: string; sk: string };

/** Deletes items by key, 25 to a request, retrying what DynamoDB leaves unprocessed with backoff. Deleting what is gone changes nothing. */
export async function deleteItems(itemKeys: readonly Key[]): Promise<void> {
  const table = env().TABLE_NAME;
  for (let i = 0; i < itemKeys.length; i += 25) {
    let requests = itemKeys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 5)));
      if (attempt > 8) throw new Error('deletion kept being throttled');
      const { UnprocessedItems } = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
