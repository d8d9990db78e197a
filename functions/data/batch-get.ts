import { paginatedBatchGet } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { BATCH_RETRIES, pauseBeforeRetry } from './unprocessed.ts';

type Item = Record<string, unknown>;

export interface BatchGetOptions {
  /** Strongly consistent reads (twice the cost): for what the caller just wrote. */
  consistent?: boolean;
  /** The attributes to read, as in a ProjectionExpression; with `names` for reserved words. */
  projection?: string;
  names?: Record<string, string>;
}

/**
 * The items of these keys that exist, in no particular order: 100 keys to a request (DynamoDB's
 * most), and keys it leaves unprocessed asked again after a doubling pause. lib-dynamodb's
 * paginator sends the unprocessed keys; the pause and the bound are ours (it has neither).
 */
export async function batchGetItems(itemKeys: readonly Item[], options: BatchGetOptions = {}): Promise<Item[]> {
  const table = env().TABLE_NAME;
  const found: Item[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) {
    const pages = paginatedBatchGet(
      { client: documentClient() },
      {
        RequestItems: {
          [table]: { Keys: itemKeys.slice(i, i + 100), ConsistentRead: options.consistent, ProjectionExpression: options.projection, ExpressionAttributeNames: options.names },
        },
      },
    );
    let retries = 0;
    for await (const page of pages) {
      found.push(...(page.Responses?.[table] ?? []));
      if (!page.UnprocessedKeys?.[table]?.Keys?.length) break;
      if (++retries > BATCH_RETRIES) throw new Error('batch reads kept being throttled');
      // The paginator asks for the rest only when the loop comes back, so this pause comes first.
      await pauseBeforeRetry(retries);
    }
  }
  return found;
}
