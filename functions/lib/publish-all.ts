import { PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, EVENTS, withEventMeta, type EventDetail, type EventName } from '#events/catalogue.ts';
import { eventsClient } from './clients.ts';
import { env } from './env.ts';
import { currentCorrelationId, traceHeader } from './invocation.ts';

/** PutEvents takes at most 10 entries a call. */
export const ENTRIES_PER_CALL = 10;
const ATTEMPTS = 3;

/**
 * Publishes many facts of one kind, ten to a call (a job's fan-out). PutEvents may accept some
 * entries of a call and refuse others (throttling, an internal error): only the refused ones are
 * sent again, a few times, before the run fails; its retry publishes all again, which the
 * consumers' once-markers make harmless.
 */
export async function publishAll<N extends EventName>(name: N, details: readonly EventDetail<N>[]): Promise<void> {
  const entries: PutEventsRequestEntry[] = details.map((detail) => ({
    EventBusName: env().EVENT_BUS_NAME,
    Source: EVENT_SOURCE,
    DetailType: name,
    ...traceHeader(),
    // Each carries the run's correlation id on to its consumer (events/meta.ts), as publish() does.
    Detail: JSON.stringify(withEventMeta(EVENTS[name].detail.parse(detail), currentCorrelationId())),
  }));
  for (let start = 0; start < entries.length; start += ENTRIES_PER_CALL) {
    let pending = entries.slice(start, start + ENTRIES_PER_CALL);
    for (let attempt = 1; ; attempt++) {
      const { FailedEntryCount, Entries = [] } = await eventsClient().send(new PutEventsCommand({ Entries: pending }));
      if (!FailedEntryCount) break;
      const refused = pending.filter((_, i) => Entries[i]?.ErrorCode);
      if (attempt >= ATTEMPTS || refused.length === 0) {
        throw new Error(`PutEvents refused ${FailedEntryCount} ${name} entries: ${Entries.find((e) => e.ErrorCode)?.ErrorCode ?? 'unknown'}`);
      }
      pending = refused;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}
