import { randomUUID } from 'node:crypto';
import { CONSUMERS, EVENTS, type EventName } from '#events/catalogue.ts';
import { invoke } from './lambda-host.ts';

/**
 * The local EventBridge bus: routes each event to its consumers from the same catalogue
 * the CDK rules are made from, with retries like a rule's retry policy. Failures are
 * logged loudly, not swallowed.
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

  constructor(private readonly root: string) {}

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
  }
}
