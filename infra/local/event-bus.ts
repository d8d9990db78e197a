import { randomUUID } from 'node:crypto';
import { CONSUMERS, consumerQueue, EVENTS, type ConsumerName, type EventName } from '#events/catalogue.ts';
import { invoke } from './lambda-host.ts';
import { LocalQueue, type LocalQueueOptions } from './queue.ts';

/**
 * The local EventBridge bus: routes each event to its consumers from the same catalogue
 * the CDK rules are made from, with retries like a rule's retry policy. Failures are
 * logged loudly, not swallowed. A consumer that the catalogue feeds through a queue gets the
 * event as a message on its local queue (infra/local/queue.ts), as the rule's SQS target does in AWS.
 *
 * `npm start` runs deliveries a few at a time (DELIVERIES_AT_ONCE). In AWS each consumer is a Lambda
 * of its own against DynamoDB that scales, so a burst of finished rounds does not slow the API; here
 * they share one DynamoDB Local with the API, and unbounded they took most of it: a class of 35
 * finishing rounds queued its answers behind some 50 consumer requests a round (docs/benchmarks.md).
 * Bounded, the consumers lag a burst by seconds and then catch up; each still runs once per event.
 * Tests keep them unbounded, so a consumer's write lands as soon as it can.
 */
export interface PutEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
}

const RETRY_DELAYS_MS = [200, 1000, 3000];
/** Consumer invocations in flight at once on `npm start`'s bus (its queues keep their own limits). */
export const DELIVERIES_AT_ONCE = 4;

export class LocalEventBus {
  private readonly pending = new Set<Promise<void>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The queue of each consumer fed through one, by consumer name. */
  readonly queues: ReadonlyMap<ConsumerName, LocalQueue>;

  constructor(
    private readonly root: string,
    /** Tests shorten the queues' visibility timeout or replace their Lambda host. */
    queueOptions: Partial<Pick<LocalQueueOptions, 'visibilityTimeoutMs' | 'invoke' | 'log'>> = {},
    /** How many consumer invocations may run at once (unbounded unless the stack says). */
    private readonly deliveriesAtOnce = Number.POSITIVE_INFINITY,
    /** Tests replace the Lambda host of the directly invoked consumers. */
    private readonly invokeConsumer: typeof invoke = invoke,
  ) {
    const queues = new Map<ConsumerName, LocalQueue>();
    for (const consumer of Object.keys(CONSUMERS) as ConsumerName[]) {
      const queue = consumerQueue(consumer);
      if (queue) queues.set(consumer, new LocalQueue({ ...queue, ...queueOptions, name: consumer, entry: CONSUMERS[consumer].entry, root }));
    }
    this.queues = queues;
  }

  put(entry: PutEntry): string {
    const id = randomUUID();
    const name = entry.DetailType as EventName;
    const route = EVENTS[name];
    if (!route) {
      console.warn(`[event-bus] no consumers for detail-type ${entry.DetailType}`);
      return id;
    }
    const envelope = {
      version: '0',
      id,
      'detail-type': name,
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      detail: JSON.parse(entry.Detail ?? '{}') as unknown,
    };
    for (const consumer of route.consumers) {
      const queue = this.queues.get(consumer);
      if (queue) {
        // The SQS target's message body is the whole event, as EventBridge sends it.
        queue.send(JSON.stringify(envelope));
        continue;
      }
      const delivery = this.deliver(consumer, envelope).finally(() => this.pending.delete(delivery));
      this.pending.add(delivery);
    }
    return id;
  }

  private async deliver(consumer: keyof typeof CONSUMERS, envelope: { id: string; 'detail-type': string }): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.inTurn(() => this.invokeConsumer(CONSUMERS[consumer].entry, consumer, envelope, this.root));
        return;
      } catch (error) {
        if (attempt >= RETRY_DELAYS_MS.length) {
          console.error(`[event-bus] ${consumer} FAILED for ${envelope['detail-type']} ${envelope.id} after ${attempt + 1} attempts:`, error);
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  /** Runs `work` once fewer than `deliveriesAtOnce` invocations are running; a finished one hands its turn to the longest waiting. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.deliveriesAtOnce) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Resolves when every delivery in flight has finished (tests and shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    // A queued consumer may publish in turn: drain until neither has work.
    await Promise.all([...this.queues.values()].map((queue) => queue.drain()));
    if (this.pending.size) await this.drain();
  }
}
