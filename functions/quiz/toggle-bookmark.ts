import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { limitFor, UNLIMITED } from '#shared/entitlements.ts';
import { bookmarkRequestSchema } from '#shared/quiz/contracts.ts';
import { keys } from '../data/table-design.ts';
import { requireCaller } from '../lib/caller.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { Forbidden } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

/** POST /api/bookmarks/toggle: bookmarks a question or removes the bookmark; free users keep up to 20. */
export const handler = httpHandler(async (event) => {
  const { questionId } = parseBody(event, bookmarkRequestSchema);
  const profile = await requireCaller(event);
  const table = env().TABLE_NAME;
  const Key = keys.bookmark(profile.user_id, questionId);

  const removed = await documentClient().send(new DeleteCommand({ TableName: table, Key, ReturnValues: 'ALL_OLD' }));
  if (removed.Attributes) return json(200, { bookmarked: false });

  const limit = limitFor(profile, 'bookmarks', new Date());
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
    if ((Count ?? 0) >= limit) throw new Forbidden(`Free accounts can keep ${limit} bookmarks. Go Premium for unlimited bookmarks.`, 'limit_reached');
  }
  await documentClient().send(
    new PutCommand({ TableName: table, Item: { ...Key, type: 'bookmark', user_id: profile.user_id, question_id: questionId, is_bookmarked: true, created_at: new Date().toISOString() } }),
  );
  return json(200, { bookmarked: true });
});
