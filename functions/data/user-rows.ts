import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

/**
 * A user's rows in a sort-key range, every page (or the first `limit` rows).
 * `from`/`to` bound the sort key; rows sort by it, oldest first unless `newestFirst`.
 */
export async function queryUserRange(userId: string, from: string, to: string, options: { newestFirst?: boolean; limit?: number } = {}) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': from, ':to': to },
        ScanIndexForward: !options.newestFirst,
        Limit: options.limit,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = options.limit ? undefined : page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** All of a user's rows with one key prefix (PROGRESS#, TOPIC#, ACH#, DAY#…). '~' sorts after every key character used. */
export const queryPrefix = (userId: string, prefix: string, options?: { newestFirst?: boolean; limit?: number }) => queryUserRange(userId, prefix, `${prefix}~`, options);
