import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Seen-question tracking and its reset for everyone (docs/quiz.md). Resetting
 * every user's sets one by one would cost a write per set; instead a generation number
 * (pk CONFIG sk SEEN-RESET) is raised by one write, and a seen set counts only while it
 * carries the current generation (a set without one is generation 0). A stale set reads as
 * empty and the next round that draws from it replaces it instead of adding to it. Old
 * sets stay in their owner's partition until then (and go with the account).
 */

let resetKey = keys.seenReset();
/** Handler tests share the table with every other file: a test resets a generation of its own. */
export function useSeenResetKeyForTests(sk: string): void {
  resetKey = { pk: 'CONFIG', sk };
}

export interface SeenState {
  seen: Set<number>;
  /** The generation current when read; the round's finish writes under it. */
  generation: number;
  /** True when the stored set is stale (or absent): the finish replaces it. */
  replace: boolean;
}

/** The indexes of a bank the user has seen in the current generation: one request, whatever the number. */
export async function getSeenState(userId: string, subject: Subject, level: Level): Promise<SeenState> {
  const seenKey = keys.seen(userId, subject, level);
  // Keys DynamoDB leaves unprocessed are asked again: a dropped reset key would read as generation 0.
  const items = await batchGetItems([seenKey, resetKey]);
  const config = items.find((item) => item.pk === resetKey.pk && item.sk === resetKey.sk);
  const item = items.find((i) => i.pk === seenKey.pk && i.sk === seenKey.sk);
  const generation = Number(config?.generation ?? 0);
  if (!item || Number(item.gen ?? 0) !== generation) return { seen: new Set(), generation, replace: true };
  const seen = item.seen as Set<number> | undefined;
  return { seen: new Set(seen ? [...seen].map(Number) : []), generation, replace: false };
}

/**
 * The finish's write of a level's seen indexes. A round drawn against a stale set replaces
 * it under the generation it read; otherwise the indexes are added (rounds not drawn from
 * the seen set, such as replays, add as before).
 */
export function seenWrite(userId: string, subject: Subject, level: Level, indexes: Set<number>, now: string, drawn?: { generation: number; replace: boolean }) {
  const Key = keys.seen(userId, subject, level);
  if (drawn?.replace) {
    return { TableName: env().TABLE_NAME, Key, UpdateExpression: 'SET seen = :indexes, seen_at = :now, gen = :gen', ExpressionAttributeValues: { ':indexes': indexes, ':now': now, ':gen': drawn.generation } };
  }
  return { TableName: env().TABLE_NAME, Key, UpdateExpression: 'ADD seen :indexes SET seen_at = :now', ExpressionAttributeValues: { ':indexes': indexes, ':now': now } };
}

/** Resets every user's seen-question tracking at once (one write); answers the new generation. */
export async function resetAllSeenTracking(now: Date): Promise<number> {
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: resetKey,
      UpdateExpression: 'ADD generation :one SET reset_at = :now',
      ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Number(Attributes?.generation ?? 0);
}
