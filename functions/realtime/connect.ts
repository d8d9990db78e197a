import { connectionsOfUser, deleteConnection, putConnection } from './data/connections.ts';
import { log } from '../lib/log.ts';
import { WEBSOCKET_THROTTLE } from './routes.ts';
import type { WebSocketEvent, WebSocketResult } from './socket-event.ts';
import { socketHandler } from './socket-handler.ts';

/**
 * `$connect`, after the authorizer: records the connection for its account (TTL: the
 * connection's lifetime), at most WEBSOCKET_THROTTLE.connectionsPerAccount per account.
 * The connection is stored first and the account's connections counted after, so sockets
 * opened at the same moment all count each other: a burst over the cap is refused (429,
 * nothing stored), never let through.
 */
export const handler = socketHandler(async (event: WebSocketEvent): Promise<WebSocketResult> => {
  const userId = event.requestContext.authorizer?.userId ?? event.requestContext.authorizer?.principalId;
  if (!userId) return { statusCode: 401 };
  const { connectionId } = event.requestContext;
  await putConnection(connectionId, userId, new Date(event.requestContext.requestTimeEpoch || Date.now()));
  const open = await connectionsOfUser(userId);
  if (open.length > WEBSOCKET_THROTTLE.connectionsPerAccount) {
    await deleteConnection(connectionId);
    log.info('ws connect: too many connections for the account', { userId, open: open.length });
    return { statusCode: 429 };
  }
  return { statusCode: 200 };
});
