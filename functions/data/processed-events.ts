import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONSUMERS, consumerTimeoutSeconds, type ConsumerName } from '#events/consumers.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { log } from '../lib/log.ts';
import { ttlSeconds } from './table-design.ts';
import * as keys from './table-keys.ts';

/** How long a marker is kept: far past EventBridge's (2 h) and Lambda's (6 h) retries. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Thrown when another run of the same event holds a live claim: it may still be working, or
 * it crashed less than a lease ago. Thrown rather than skipped so that Lambda retries the
 * delivery later (a minute, then two): by then the other run has finished (the retry is a
 * duplicate) or its lease has passed (the retry runs the effect).
 */
export class StillRunningError extends Error {
  constructor(marker: string, eventId: string) {
    super(`${marker} ${eventId}: still running elsewhere (or crashed less than a lease ago); retry later`);
    this.name = 'StillRunningError';
  }
}

/** No Lambda invocation runs longer than 15 minutes: the lease of a run that cannot tell its own deadline. */
export const MAX_LAMBDA_RUN_MS = 15 * 60 * 1000;

/**
 * The lease for a claim made now by an invocation that knows its deadline (the Lambda context:
 * its function's configured timeout, so it cannot drift from it); without one (a test, a script), the longest any invocation runs.
 */
export function invocationLeaseMs(context?: { getRemainingTimeInMillis(): number }): number {
  const left = context?.getRemainingTimeInMillis();
  return left !== undefined && left > 0 ? left : MAX_LAMBDA_RUN_MS;
}

/**
 * Runs `effect` at most once per consumer and event id (or per marker and key), and again
 * after a crash. EventBridge delivers at least once, and a Lambda that times out or dies
 * reaches no `catch`; so the marker is a claim with a status and a lease:
 *
 * - claim: a conditional put of `{status: 'running', leaseUntil: now + lease}` that succeeds
 *   when no marker exists, or when the existing one is `running` and its lease has passed (the
 *   run that claimed it crashed: it cannot outlive its Lambda's timeout, which the lease is);
 * - the effect succeeds: the marker becomes `{status: 'done'}`, kept 7 days: never run again;
 * - the effect throws: the claim is given back (deleted) and the error rethrown, so the retry runs it;
 * - a live `running` claim: {@link StillRunningError}, so the delivery is retried later.
 *
 * A consumer's lease is its Lambda timeout from events/consumers.ts, the number the CDK
 * events stack gives the function; any other marker (a scheduled job's) passes its own, at
 * least the time its invocation may still run. Lambda retries a timed-out invocation a
 * minute or more after the timeout, so usually after the lease too; one that comes earlier
 * fails again and is retried later (or kept in the dead-letter queue for a redrive).
 * At least once, not exactly once, across one gap: a crash after the effect and before the
 * `done` write runs the effect again after the lease.
 */
export function runOnce(consumer: ConsumerName, eventId: string, effect: () => Promise<void>, leaseMs?: number): Promise<'done' | 'duplicate'>;
export function runOnce(marker: string, eventId: string, effect: () => Promise<void>, leaseMs: number): Promise<'done' | 'duplicate'>;
export async function runOnce(marker: string, eventId: string, effect: () => Promise<void>, leaseMs?: number): Promise<'done' | 'duplicate'> {
  const lease = leaseMs ?? (Object.hasOwn(CONSUMERS, marker) ? consumerTimeoutSeconds(marker as ConsumerName) * 1000 : undefined);
  if (!(lease !== undefined && lease > 0)) throw new Error(`runOnce ${marker}: no lease`);
  const TableName = env().TABLE_NAME;
  const Key = keys.processedEvent(marker, eventId);
  const claim = randomUUID();
  const now = Date.now();
  try {
    await documentClient().send(
      new PutCommand({
        TableName,
        Item: { ...Key, type: 'processed-event', status: 'running', claim, leaseUntil: now + lease, ttl: ttlSeconds(now + KEEP_MS) },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The marker that failed the condition, as stored (DynamoDB and DynamoDB Local return it): a
    // live claim, or done (a marker from before claims had a status is done too).
    if (!error.Item || error.Item.status?.S === 'running') throw new StillRunningError(marker, eventId);
    return 'duplicate';
  }

  try {
    await effect();
  } catch (error) {
    await documentClient()
      .send(new DeleteCommand({ TableName, Key, ConditionExpression: 'claim = :claim', ExpressionAttributeValues: { ':claim': claim } }))
      .catch((deleteError: unknown) => {
        // Not ours any more, or the table refused: the claim then ends with its lease.
        if (!(deleteError instanceof ConditionalCheckFailedException)) log.error('once-marker not given back', { marker, eventId, error: String(deleteError) });
      });
    throw error;
  }

  try {
    await documentClient().send(
      new PutCommand({
        TableName,
        Item: { ...Key, type: 'processed-event', status: 'done', ttl: ttlSeconds(Date.now() + KEEP_MS) },
        ConditionExpression: 'claim = :claim',
        ExpressionAttributeValues: { ':claim': claim },
      }),
    );
  } catch (error) {
    // The effect happened; failing now would only make a retry repeat it. Left `running`, the
    // marker stops duplicates until its lease ends (and a redelivery after that runs it again).
    log.error('once-marker not marked done', { marker, eventId, error: String(error) });
  }
  return 'done';
}
