import { getConnection, putSubscription } from './data/connections.ts';
import { log } from '../lib/log.ts';
import { parseBody, REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';
import { socketHandler } from './socket-handler.ts';
import { withFrameLimit } from './frame-limit.ts';
import { canSubscribe } from './topic-access.ts';

/** `subscribe`: listens to a topic the account may hear (topic-access.ts); anything else is refused. */
export const handler = socketHandler(withFrameLimit(async (event: WebSocketEvent): Promise<WebSocketResult> => {
  const message = parseBody(event);
  if (message?.action !== 'subscribe') return reply(400, { type: 'error', message: REALTIME_MESSAGES.malformed });
  try {
    const connection = await getConnection(event.requestContext.connectionId);
    if (!connection) return reply(410, { type: 'error', topic: message.topic, message: REALTIME_MESSAGES.unknownConnection });
    if (!(await canSubscribe(connection.userId, message.topic))) return reply(403, { type: 'error', topic: message.topic, message: REALTIME_MESSAGES.forbidden });
    await putSubscription(connection, message.topic, new Date());
    return reply(200, { type: 'subscribed', topic: message.topic });
  } catch (error) {
    log.error('ws subscribe failed', { error: String(error) });
    return reply(500, { type: 'error', topic: message.topic, message: 'Could not subscribe' });
  }
}));
