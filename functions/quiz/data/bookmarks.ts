import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { UNLIMITED } from '#shared/entitlements.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { countStoredItems } from '../../data/counted-writes.ts';
import * as keys from '../../data/table-keys.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/**
 * A user's bookmarks and their count. The count item is changed in the same transaction
 * as the bookmark, on the condition that it stays within the limit, so concurrent toggles
 * cannot keep more than the limit (a count-then-put could, and did: 42 of 20).
 */
export interface BookmarkedQuestion {
  id: string;
  subject: Subject;
  level: Level;
}

export type ToggleOutcome = 'added' | 'removed' | 'limit' | 'busy';

const TRIES = 8;

/** Makes the count item if it is missing; a concurrent maker winning is fine. */
async function createCount(userId: string): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { ...keys.bookmarkCount(userId), type: 'bookmark-count', kept: await countStoredItems(keys.bookmarkCount(userId).pk, 'BOOKMARK#') },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Whether the question is bookmarked and whether the count item exists, in one consistent read. */
async function readState(userId: string, questionId: string): Promise<{ bookmarked: boolean; counted: boolean }> {
  const bookmarkKey = keys.bookmark(userId, questionId);
  // Keys DynamoDB leaves unprocessed are asked again: a dropped one would read as absent.
  const items = await batchGetItems([bookmarkKey, keys.bookmarkCount(userId)], { consistent: true });
  return { bookmarked: items.some((item) => item.sk === bookmarkKey.sk), counted: items.some((item) => item.sk === keys.bookmarkCount(userId).sk) };
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));

/**
 * Toggles a bookmark: removes it if present, otherwise adds it unless the user already
 * keeps `limit` (-1: no limit). 'busy' when concurrent toggles kept conflicting.
 */
export async function toggleBookmark(userId: string, question: BookmarkedQuestion, limit: number, now: Date): Promise<ToggleOutcome> {
  const table = env().TABLE_NAME;
  const bookmarkKey = keys.bookmark(userId, question.id);
  const countKey = keys.bookmarkCount(userId);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const state = await readState(userId, question.id);
    if (!state.counted) await createCount(userId);
    const adding = !state.bookmarked;
    const cancelled = await tryTransactWrite([
      adding
        ? {
            Put: {
              TableName: table,
              Item: { ...bookmarkKey, type: 'bookmark', user_id: userId, question_id: question.id, subject: question.subject, level: question.level, is_bookmarked: true, created_at: now.toISOString() },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }
        : { Delete: { TableName: table, Key: bookmarkKey, ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: table,
          Key: countKey,
          UpdateExpression: 'ADD kept :change',
          ConditionExpression: adding && limit !== UNLIMITED ? 'attribute_exists(kept) AND kept < :limit' : 'attribute_exists(kept)',
          ExpressionAttributeValues: { ':change': adding ? 1 : -1, ...(adding && limit !== UNLIMITED ? { ':limit': limit } : {}) },
        },
      },
    ]);
    if (!cancelled) return adding ? 'added' : 'removed';
    const [bookmark, count] = cancelled.codes;
    // The bookmark was as read, and the count refused one more: the limit is reached.
    if (adding && bookmark === 'None' && count === 'ConditionalCheckFailed') return 'limit';
    // Otherwise a concurrent toggle got there first (or conflicted): read again and retry.
    await pause(attempt);
  }
  return 'busy';
}
