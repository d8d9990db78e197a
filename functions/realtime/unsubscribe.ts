import { deleteSubscription } from './data/connections.ts';
import { parseBody, REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';
import { socketHandler } from './socket-handler.ts';
import { withFrameLimit } from './frame-limit.ts';

/** `unsubscribe`: stops listening (idempotent; only this connection's own subscription can be named). */
export const handler = socketHandler(withFrameLimit(async (event: WebSocketEvent): Promise<WebSocketResult> => {
  const message = parseBody(event);
  if (message?.action !== 'unsubscribe') return reply(400, { type: 'error', message: REALTIME_MESSAGES.malformed });
  await deleteSubscription(event.requestContext.connectionId, message.topic);
  return reply(200, { type: 'unsubscribed', topic: message.topic });
}));
