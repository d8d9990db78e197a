import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
/** Why DynamoDB cancelled, one code per item in the items' order: 'None' for an item that was fine. */
export type CancellationCodes = readonly string[];

/** A transaction DynamoDB cancelled: the error, and its codes, one per item in the items' order. */
export interface Cancellation {
  error: TransactionCanceledException;
  codes: CancellationCodes;
}

/**
 * Writes the items as one transaction. Null when it committed; the cancellation when DynamoDB
 * cancelled it (ConditionalCheckFailed, TransactionConflict, None… per item), for callers whose
 * answer depends on which item refused; they throw its error when no answer fits. Any other
 * error is thrown.
 */
export async function tryTransactWrite(items: TransactItems): Promise<Cancellation | null> {
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
    return null;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    return { error, codes: (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None') };
  }
}

export interface TransactOptions {
  /**
   * 'condition' (the default): false only when an item's condition refused the write; a
   * cancellation for any other reason (a conflict with a concurrent transaction, throttling) is
   * thrown. 'any': false on every cancellation, for writes whose callers have always answered
   * "not any more" to a conflict as well.
   */
  falseOn?: 'condition' | 'any';
}

/** Writes the items as one transaction: true when it committed, false when it was refused (see `falseOn`). */
export async function transactWrite(items: TransactItems, options: TransactOptions = {}): Promise<boolean> {
  const cancelled = await tryTransactWrite(items);
  if (!cancelled) return true;
  if (options.falseOn === 'any' || cancelled.codes.includes('ConditionalCheckFailed')) return false;
  throw cancelled.error;
}
