import { randomUUID } from 'node:crypto';
import { CONSUMERS, consumerQueue, EVENTS, type ConsumerName, type EventName } from '#events/catalogue.ts';
import { invoke } from './lambda-host.ts';
import { LocalQueue, type LocalQueueOptions } from './queue.ts';

/**
 * The local EventBridge bus: routes each event to its consumers from the same catalogue
 * the CDK rules are made from, with retries like a rule's retry policy. Failures are
 * logged loudly, not swallowed. A consumer that the catalogue feeds through a queue gets the
 * event as a message on its local queue (infra/local/queue.ts), as the rule's SQS target does in AWS.
 */
export interface PutEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
}

const RETRY_DELAYS_MS = [200, 1000, 3000];

export class LocalEventBus {
  private readonly pending = new Set<Promise<void>>();
  /** The queue of each consumer fed through one, by consumer name. */
  readonly queues: ReadonlyMap<ConsumerName, LocalQueue>;

  constructor(
    private readonly root: string,
    /** Tests shorten the queues' visibility timeout or replace their Lambda host. */
    queueOptions: Partial<Pick<LocalQueueOptions, 'visibilityTimeoutMs' | 'invoke' | 'log'>> = {},
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
        await invoke(CONSUMERS[consumer].entry, consumer, envelope, this.root);
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

  /** Resolves when every delivery in flight has finished (tests and shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    // A queued consumer may publish in turn: drain until neither has work.
    await Promise.all([...this.queues.values()].map((queue) => queue.drain()));
    if (this.pending.size) await this.drain();
  }
}
