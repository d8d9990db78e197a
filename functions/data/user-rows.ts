import { queryAll, queryFirstPage, type QueryInput } from './paging.ts';

/**
 * A user's rows in a sort-key range, every page (or the first `limit` rows).
 * `from`/`to` bound the sort key; rows sort by it, oldest first unless `newestFirst`.
 */
export async function queryUserRange(userId: string, from: string, to: string, options: { newestFirst?: boolean; limit?: number } = {}) {
  const input: QueryInput = {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': from, ':to': to },
    ScanIndexForward: !options.newestFirst,
    Limit: options.limit,
  };
  return options.limit ? queryFirstPage(input) : queryAll(input);
}

/** All of a user's rows with one key prefix (PROGRESS#, TOPIC#, ACH#, DAY#…). '~' sorts after every key character used. */
export const queryPrefix = (userId: string, prefix: string, options?: { newestFirst?: boolean; limit?: number }) => queryUserRange(userId, prefix, `${prefix}~`, options);
