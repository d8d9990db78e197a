import { randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { ConsumerQueue } from '#events/consumers.ts';
import { invoke as invokeHandler } from './lambda-host.ts';

/**
 * The local stand-in for an SQS queue and the Lambda poller reading it (an event source mapping
 * with ReportBatchItemFailures), for consumers that events/consumers.ts feeds through a queue:
 * the same batch size, concurrency and maxReceiveCount as the CDK events stack gives AWS.
 *
 * - messages sent together are delivered together, up to `batchSize` a batch, at most
 *   `maxConcurrency` batches at a time;
 * - an invocation that throws fails its whole batch; one that returns `batchItemFailures`
 *   fails only those messages (an identifier not in the batch fails the whole batch, as in AWS);
 * - a failed message becomes visible again after the visibility timeout (here short, by
 *   default: someone is waiting at a laptop), and after `maxReceiveCount` deliveries it moves
 *   to the dead-letter list, logged loudly;
 * - a message sent with a delay (SendMessage's DelaySeconds, 0–900) becomes visible only once it
 *   has passed, as in SQS: a live match's steps wait here, not in a handler. Delayed messages live
 *   in memory: when the host stops they are dropped, and whoever sent them must resume from
 *   stored state (the live matches' per-minute job does).
 */
export interface LocalQueueOptions extends ConsumerQueue {
  /** The consumer's name (its function name) and handler entry. */
  readonly name: string;
  readonly entry: string;
  readonly root: string;
  /** How long a failed message stays hidden before its next delivery. */
  readonly visibilityTimeoutMs?: number;
  /** Tests replace the Lambda host. */
  readonly invoke?: (entry: string, functionName: string, event: unknown, root: string) => Promise<unknown>;
  readonly log?: Pick<Console, 'error'>;
}

/** SQS's longest delivery delay, in seconds. */
export const MAX_DELAY_SECONDS = 900;

interface Message {
  readonly id: string;
  readonly body: string;
  readonly sentAt: number;
  receiveCount: number;
}

export class LocalQueue {
  /** Messages that failed `maxReceiveCount` deliveries, for a person (and tests) to look at. */
  readonly deadLetters: { id: string; body: string; receiveCount: number }[] = [];
  private readonly visible: Message[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly delayed = new Set<NodeJS.Timeout>();
  private closed = false;
  private inFlight = 0;
  private pumpScheduled = false;
  private readonly invoke: NonNullable<LocalQueueOptions['invoke']>;
  private readonly log: Pick<Console, 'error'>;

  constructor(private readonly options: LocalQueueOptions) {
    this.invoke = options.invoke ?? invokeHandler;
    this.log = options.log ?? console;
  }

  /** SendMessage: returns the message id. A delay outside SQS's 0–900 whole seconds is refused, as SQS refuses it. */
  send(body: string, delaySeconds = 0): string {
    if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > MAX_DELAY_SECONDS) {
      throw new RangeError(`DelaySeconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}, not ${delaySeconds}`);
    }
    const message: Message = { id: randomUUID(), body, sentAt: Date.now(), receiveCount: 0 };
    if (this.closed) {
      this.log.error(`[queue] ${this.options.name}: the host is stopping; message ${message.id} dropped`);
      return message.id;
    }
    if (delaySeconds === 0) {
      this.visible.push(message);
      this.schedulePump();
      return message.id;
    }
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.visible.push(message);
      this.schedulePump();
    }, delaySeconds * 1000);
    this.delayed.add(timer);
    return message.id;
  }

  /** Messages sent with a delay that has not passed yet. */
  get delayedCount(): number {
    return this.delayed.size;
  }

  /**
   * The host is stopping: messages still delayed are dropped and later sends refused (logged).
   * What is delivered or waiting for a retry still drains.
   */
  close(): void {
    this.closed = true;
    if (this.delayed.size) this.log.error(`[queue] ${this.options.name}: the host is stopping; ${this.delayed.size} delayed message(s) dropped`);
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
  }

  /**
   * Resolves once every visible message is delivered, dead-lettered, or no longer waiting to be
   * retried (tests and shutdown). Messages whose delay has not passed are not waited for.
   */
  async drain(): Promise<void> {
    while (this.pending.size || this.visible.length) {
      if (this.pending.size) await Promise.all([...this.pending]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** On the next turn, so that the entries of one PutEvents call (or one test's burst) share a batch, as a poller's receive does. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    this.track(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          this.pumpScheduled = false;
          this.pump();
          resolve();
        }),
      ),
    );
  }

  private pump(): void {
    while (this.inFlight < this.options.maxConcurrency && this.visible.length) {
      const batch = this.visible.splice(0, this.options.batchSize);
      this.inFlight += 1;
      this.track(
        this.deliver(batch).finally(() => {
          this.inFlight -= 1;
          this.pump();
        }),
      );
    }
  }

  private async deliver(batch: Message[]): Promise<void> {
    for (const message of batch) message.receiveCount += 1;
    const event: SQSEvent = { Records: batch.map((m) => this.record(m)) };
    let failed: Set<string>;
    try {
      failed = failedIds(await this.invoke(this.options.entry, this.options.name, event, this.options.root), batch);
    } catch (error) {
      this.log.error(`[queue] ${this.options.name} failed a batch of ${batch.length}:`, error);
      failed = new Set(batch.map((m) => m.id));
    }
    for (const message of batch) if (failed.has(message.id)) this.retry(message);
  }

  private retry(message: Message): void {
    if (message.receiveCount >= this.options.maxReceiveCount) {
      this.deadLetters.push({ id: message.id, body: message.body, receiveCount: message.receiveCount });
      this.log.error(`[queue] ${this.options.name} message ${message.id} FAILED ${message.receiveCount} deliveries: moved to the dead-letter queue`);
      return;
    }
    this.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          this.visible.push(message);
          this.schedulePump();
          resolve();
        }, this.options.visibilityTimeoutMs ?? 1000),
      ),
    );
  }

  private record(message: Message): SQSRecord {
    return {
      messageId: message.id,
      receiptHandle: `${message.id}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(message.sentAt),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${this.options.name}`,
      awsRegion: 'us-east-1',
    };
  }

  private track(promise: Promise<void>): void {
    const tracked = promise.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}

/**
 * The messages a poller treats as failed after an invocation returned `result`: those named in
 * `batchItemFailures`; none when it names none; all when it names one that is not in the batch
 * (or an empty identifier), as Lambda does.
 */
function failedIds(result: unknown, batch: readonly Message[]): Set<string> {
  const failures = (result as { batchItemFailures?: unknown } | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures)) return new Set();
  const ids = new Set(batch.map((m) => m.id));
  const named = failures.map((f: unknown) => (f as { itemIdentifier?: unknown } | null)?.itemIdentifier);
  if (named.some((id) => typeof id !== 'string' || !ids.has(id))) return ids;
  return new Set(named as string[]);
}
