/**
 * What an event carries beside its facts: the correlation id of the request (or event, or job)
 * that caused it, so a consumer's logs, and whatever it publishes, pushes and mails in turn,
 * can be followed back to that request. EventBridge has no custom envelope field, so it rides
 * in the detail under `meta`, a key no event's own detail uses (events/catalogue.ts checks the
 * outgoing shape with zod; the catalogue's detail schemas drop it, so consumers never see it).
 * Optional: an event from before it, or from elsewhere, still parses, and its consumer falls
 * back to the event's own id. Plain code, no zod: every consumer's bundle reads it.
 */
export const EVENT_META_KEY = 'meta';

export interface EventMeta {
  correlationId: string;
}

/**
 * A correlation id we accept from outside (a header, an event): short, and of characters that
 * cannot break a log line, a header or a query (API Gateway request ids end in `=`, UUIDs have `-`).
 */
export function isSaneCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{0,127}$/.test(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The correlation id an EventBridge event carries, if it carries a sane one. */
export function eventCorrelationId(event: unknown): string | undefined {
  const detail = isRecord(event) ? event.detail : undefined;
  const meta = isRecord(detail) ? detail[EVENT_META_KEY] : undefined;
  const id = isRecord(meta) ? meta.correlationId : undefined;
  return isSaneCorrelationId(id) ? id : undefined;
}

/** The correlation id of an event that arrives as text (an SQS message whose body is the event the rule put on the queue). */
export function messageCorrelationId(body: string): string | undefined {
  try {
    return eventCorrelationId(JSON.parse(body));
  } catch {
    return undefined;
  }
}

/** The account an event is about, where its detail names one as `userId` (the log's user_id). */
export function eventUserId(event: unknown): string | undefined {
  const detail = isRecord(event) ? event.detail : undefined;
  const id = isRecord(detail) ? detail.userId : undefined;
  return typeof id === 'string' && id ? id : undefined;
}

/** The event's own id (EventBridge's `id`): the correlation id of last resort. */
export function eventId(event: unknown): string | undefined {
  const id = isRecord(event) ? event.id : undefined;
  return typeof id === 'string' && id ? id : undefined;
}
