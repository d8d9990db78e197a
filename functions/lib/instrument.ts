import { eventCorrelationId, eventId, eventUserId } from '#events/meta.ts';
import { runInvocation, type InvocationContext, type InvocationStart } from './invocation.ts';
import { log } from './log.ts';
import { flushMetrics } from './metrics.ts';

/**
 * The one place an invocation starts: its context for logs (invocation.ts), and its metrics
 * flushed once at the end, returned or thrown. The entry-point wrappers build on it:
 * `httpHandler` (http.ts), `socketHandler` (realtime/socket-event.ts), and the two below.
 */
export function instrumented<T>(start: InvocationStart, run: () => Promise<T>): Promise<T> {
  return runInvocation(start, async (invocation) => {
    try {
      return await run();
    } finally {
      flushMetrics(invocation);
    }
  });
}

/**
 * An EventBridge consumer: its correlation id is the one the event carries (events/meta.ts),
 * else the event's id, so a redelivery logs under the same id. A failure is logged with that
 * context and rethrown (EventBridge and Lambda retry, then the dead-letter queue).
 */
export function eventHandler<E, R, C extends object = InvocationContext>(run: (event: E, context?: C) => Promise<R>) {
  return (event: E, context?: C): Promise<R> =>
    instrumented({ context: lambdaContext(context), correlationIds: [eventCorrelationId(event)], fallbackCorrelationId: eventId(event), userId: eventUserId(event) }, async () => {
      const about = { event_id: eventId(event), detail_type: detailType(event) };
      log.debug('event received', about);
      try {
        return await run(event, context);
      } catch (error) {
        log.error('event handler failed', { ...about, error: describe(error) });
        throw error;
      }
    });
}

/**
 * A scheduled job (EventBridge Scheduler), or a queue's consumer: each run starts a correlation
 * of its own (its request id), which the events it publishes carry on; a queue's consumer may
 * run each record under the id its event carries (invocation.ts withCorrelationId). Failures
 * are logged and rethrown.
 */
export function jobHandler<E, R, C extends object = InvocationContext>(run: (event: E, context?: C) => Promise<R>) {
  return (event: E, context?: C): Promise<R> =>
    instrumented({ context: lambdaContext(context) }, async () => {
      try {
        return await run(event, context);
      } catch (error) {
        log.error('invocation failed', { error: describe(error) });
        throw error;
      }
    });
}

/** The ids of a Lambda context, whatever else the handler types its context as (a lease reads its remaining time). */
function lambdaContext(context: object | undefined): InvocationContext | undefined {
  if (!context) return undefined;
  const { awsRequestId, functionName } = context as Record<string, unknown>;
  return { ...(typeof awsRequestId === 'string' ? { awsRequestId } : {}), ...(typeof functionName === 'string' ? { functionName } : {}) };
}

function detailType(event: unknown): string | undefined {
  const value = typeof event === 'object' && event !== null ? (event as Record<string, unknown>)['detail-type'] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** An error as log fields (name, message, stack), never the raw object. */
export function describe(error: unknown): Record<string, unknown> | string {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
}
