import { putConnection } from '../data/connections.ts';
import type { WebSocketEvent, WebSocketResult } from './socket-event.ts';

/** `$connect`, after the authorizer: records the connection for its account (TTL: the connection's lifetime). */
export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const userId = event.requestContext.authorizer?.userId ?? event.requestContext.authorizer?.principalId;
  if (!userId) return { statusCode: 401 };
  await putConnection(event.requestContext.connectionId, userId, new Date(event.requestContext.requestTimeEpoch || Date.now()));
  return { statusCode: 200 };
}
