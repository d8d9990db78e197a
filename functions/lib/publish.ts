import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, EVENTS, withEventMeta, type EventDetail, type EventName } from '#events/catalogue.ts';
import { eventsClient } from './clients.ts';
import { env } from './env.ts';
import { currentCorrelationId, traceHeader } from './invocation.ts';

/**
 * Publishes a fact to the bus after checking it against the catalogue's schema. The running
 * invocation's correlation id rides along (events/meta.ts), so every consumer logs under it.
 */
export async function publish<N extends EventName>(name: N, detail: EventDetail<N>): Promise<void> {
  const parsed = withEventMeta(EVENTS[name].detail.parse(detail), currentCorrelationId());
  const { FailedEntryCount, Entries } = await eventsClient().send(
    new PutEventsCommand({
      Entries: [{ EventBusName: env().EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: name, Detail: JSON.stringify(parsed), ...traceHeader() }],
    }),
  );
  if (FailedEntryCount) throw new Error(`PutEvents failed: ${Entries?.[0]?.ErrorCode ?? 'unknown'}`);
}
