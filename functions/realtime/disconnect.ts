import { deleteConnection } from './data/connections.ts';
import type { WebSocketEvent, WebSocketResult } from './socket-event.ts';
import { socketHandler } from './socket-handler.ts';

/** `$disconnect` (best effort in API Gateway; the TTL catches a lost one): removes the connection and its subscriptions. */
export const handler = socketHandler(async (event: WebSocketEvent): Promise<WebSocketResult> => {
  await deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
});
