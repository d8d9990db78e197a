import { z } from 'zod';

/**
 * Every domain event: its detail-type, the schema of its detail, and the consumers
 * that receive it. The CDK events stack makes one EventBridge rule per consumer from
 * this table, and the local runtime dispatches with the same table.
 */
export const EVENT_SOURCE = 'quizquest';

export const CONSUMERS = {
  'send-welcome-email': { entry: 'functions/consumers/send-welcome-email.ts' },
} as const;
export type ConsumerName = keyof typeof CONSUMERS;

export const EVENTS = {
  AccountConfirmed: {
    detail: z.object({ userId: z.string().min(1), email: z.string().email() }),
    consumers: ['send-welcome-email'],
  },
} as const satisfies Record<string, { detail: z.ZodType; consumers: readonly ConsumerName[] }>;

export type EventName = keyof typeof EVENTS;
export type EventDetail<N extends EventName> = z.infer<(typeof EVENTS)[N]['detail']>;

/** The EventBridge envelope as a consumer receives it, with a typed detail. */
export const envelopeSchema = <N extends EventName>(name: N) =>
  z.object({
    id: z.string().min(1),
    'detail-type': z.literal(name),
    source: z.literal(EVENT_SOURCE),
    time: z.string(),
    detail: EVENTS[name].detail as (typeof EVENTS)[N]['detail'],
  });

/** Which detail-types a consumer listens to (one rule per consumer and event). */
export function eventsFor(consumer: ConsumerName): EventName[] {
  return (Object.keys(EVENTS) as EventName[]).filter((name) =>
    (EVENTS[name].consumers as readonly ConsumerName[]).includes(consumer),
  );
}
