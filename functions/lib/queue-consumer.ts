import type { SQSBatchItemFailure, SQSBatchResponse } from 'aws-lambda';
import * as z from 'zod';
import { envelopeSchema, type EventDetail, type EventName } from '#events/catalogue.ts';
import { messageCorrelationId } from '#events/meta.ts';
import { jobHandler } from './instrument.ts';
import { withCorrelationId } from './invocation.ts';
import { log } from './log.ts';

const sqsEvent = z.object({ Records: z.array(z.object({ messageId: z.string(), body: z.string() })) });

/** What a record's work gets: the event's id and checked detail, and the invocation's remaining time. */
export interface QueuedEvent<N extends EventName> {
  readonly id: string;
  readonly detail: EventDetail<N>;
  readonly context?: { getRemainingTimeInMillis(): number } | undefined;
}

/**
 * A consumer fed through its SQS queue (events/consumers.ts `queue`): each record's body is the
 * event as the rule put it on the queue, checked with the catalogue's schema, and handled under
 * the correlation id it carries. A record that throws is reported alone (ReportBatchItemFailures):
 * SQS redelivers just that one, and after the queue's maxReceiveCount it waits in the dead-letter
 * queue. A record whose body is not the event is logged and dropped: no redelivery can fix it.
 */
export function queueConsumer<N extends EventName>(name: N, work: (event: QueuedEvent<N>) => Promise<unknown>) {
  const schema = envelopeSchema(name);
  return messageConsumer(
    name,
    (body) => schema.parse(JSON.parse(body)) as { id: string; detail: EventDetail<N> },
    (parsed, context) => work({ id: parsed.id, detail: parsed.detail, context }),
  );
}

/**
 * The same for a queue whose messages are not catalogue events (a function sends them itself,
 * such as a live match's timed steps): `parse` reads a body (and throws on anything else), `work`
 * handles it; a message's `detail.meta` may carry the sender's correlation id (events/meta.ts).
 */
export function messageConsumer<M>(name: string, parse: (body: string) => M, work: (message: M, context?: { getRemainingTimeInMillis(): number }) => Promise<unknown>) {
  return jobHandler(async (event: unknown, context?: { getRemainingTimeInMillis(): number }): Promise<SQSBatchResponse> => {
    const { Records } = sqsEvent.parse(event);
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of Records) {
      await withCorrelationId(messageCorrelationId(record.body) ?? record.messageId, async () => {
        let parsed: M;
        try {
          parsed = parse(record.body);
        } catch (error) {
          log.error(`${name} message is not readable; dropped`, { messageId: record.messageId, error: String(error) });
          return;
        }
        try {
          const outcome = await work(parsed, context);
          log.info(`${name} handled`, { messageId: record.messageId, outcome: typeof outcome === 'string' ? outcome : undefined });
        } catch (error) {
          log.error(`${name} failed; SQS retries it`, { messageId: record.messageId, error: String(error) });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      });
    }
    return { batchItemFailures };
  });
}
