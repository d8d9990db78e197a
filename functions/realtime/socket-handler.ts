import { instrumented } from '../lib/instrument.ts';
import type { InvocationContext } from '../lib/invocation.ts';
import type { WebSocketEvent, WebSocketResult } from './socket-event.ts';

/**
 * Runs a route as one invocation (functions/lib/instrument.ts): logs carry the connection's
 * account (the authorizer's context, which API Gateway hands every route of the connection)
 * and, as correlation id, API Gateway's id of this message. Apart from socket-event.ts, whose
 * body parsing brings zod: $connect and $disconnect need none (87 KB less in their bundles).
 */
export function socketHandler(run: (event: WebSocketEvent) => Promise<WebSocketResult>) {
  return (event: WebSocketEvent, context?: InvocationContext): Promise<WebSocketResult> => {
    const authorizer = event.requestContext.authorizer;
    return instrumented({ context, fallbackCorrelationId: event.requestContext.requestId, userId: authorizer?.userId ?? authorizer?.principalId }, () => run(event));
  };
}
