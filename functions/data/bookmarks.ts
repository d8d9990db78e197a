import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { UNLIMITED } from '#shared/entitlements.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { keys } from './table-design.ts';

/**
 * Toggles a bookmark: removes it if present, otherwise adds it unless the user already
 * keeps `limit` bookmarks (-1: no limit). Returns the new state, or 'limit' when refused.
 */
export async function toggleBookmark(userId: string, questionId: string, limit: number): Promise<'added' | 'removed' | 'limit'> {
  const table = env().TABLE_NAME;
  const Key = keys.bookmark(userId, questionId);
  const removed = await documentClient().send(new DeleteCommand({ TableName: table, Key, ReturnValues: 'ALL_OLD' }));
  if (removed.Attributes) return 'removed';

  if (limit !== UNLIMITED) {
    const { Count } = await documentClient().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': Key.pk, ':prefix': 'BOOKMARK#' },
        Select: 'COUNT',
        Limit: limit,
      }),
    );
    if ((Count ?? 0) >= limit) return 'limit';
  }
  await documentClient().send(
    new PutCommand({
      TableName: table,
      Item: { ...Key, type: 'bookmark', user_id: userId, question_id: questionId, is_bookmarked: true, created_at: new Date().toISOString() },
    }),
  );
  return 'added';
}
