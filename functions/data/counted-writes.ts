import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { countAll } from './paging.ts';
import { tryTransactWrite, type TransactItems } from './transact.ts';

/**
 * A per-account limit kept by a count item that moves in the same transaction as the items it
 * counts, on the condition that it stays within the limit: concurrent creates cannot pass it
 * (a count-then-put could, and did: 40 goals of 20). The bookmark limit works the same way.
 */
type TransactItem = TransactItems[number];
type Key = { pk: string; sk: string };

export interface CountedWrite {
  /** The count item (in the owner's partition, so it goes with the account). */
  countKey: Key;
  /** +1 when adding, -1 when removing. */
  change: 1 | -1;
  /** The limit, checked when adding. */
  max?: number;
  /** The items written with the count; the first one's condition failing means "not as read". */
  items: TransactItem[];
  /** Counts what is stored, once, when the count item is missing (items made before it existed). */
  countStored: () => Promise<number>;
}

/** done: written; limit: the count refused one more; stale: an item's own condition failed; busy: kept conflicting. */
export type CountedOutcome = 'done' | 'limit' | 'stale' | 'busy';

// Simultaneous writes of one count conflict (one wins each time); random pauses spread 40 of them out.
const TRIES = 20;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 6)));

/** Makes the count item if it is missing; a concurrent maker winning is fine. */
async function createCount(w: CountedWrite): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({ TableName: env().TABLE_NAME, Item: { ...w.countKey, type: 'count', kept: await w.countStored() }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function countedWrite(w: CountedWrite): Promise<CountedOutcome> {
  const limited = w.change > 0 && w.max !== undefined;
  const count: TransactItem = {
    Update: {
      TableName: env().TABLE_NAME,
      Key: w.countKey,
      UpdateExpression: 'ADD kept :change',
      ConditionExpression: limited ? 'attribute_exists(kept) AND kept < :max' : 'attribute_exists(kept)',
      ExpressionAttributeValues: { ':change': w.change, ...(limited ? { ':max': w.max } : {}) },
    },
  };
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const cancelled = await tryTransactWrite([...w.items, count]);
    if (!cancelled) return 'done';
    const { codes } = cancelled;
    const itemFailed = codes.slice(0, w.items.length).some((c) => c === 'ConditionalCheckFailed');
    const countFailed = codes[w.items.length] === 'ConditionalCheckFailed';
    if (itemFailed) return 'stale';
    if (countFailed) {
      // The count item is missing (made now, then retried), at the limit, or moved meanwhile (retried).
      const kept = await readCount(w);
      if (kept === undefined) await createCount(w);
      else if (limited && kept >= w.max!) return 'limit';
      continue;
    }
    // A concurrent transaction on the same items: read nothing, just try again.
    await pause(attempt);
  }
  return 'busy';
}

/** The count as stored now, or undefined when its item is missing. */
async function readCount(w: CountedWrite): Promise<number | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: w.countKey, ConsistentRead: true }));
  return Item ? Number(Item.kept ?? 0) : undefined;
}

/** How many items of a partition start with `prefix` (read once, when a count item is first made). */
export async function countStoredItems(pk: string, prefix: string): Promise<number> {
  return countAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ConsistentRead: true,
  });
}
