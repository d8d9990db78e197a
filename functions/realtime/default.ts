import { withFrameLimit } from './frame-limit.ts';
import { parseBody, REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';

/** `$default`: a message whose action matched no route (or no JSON at all); counted by the frame limit like any other. */
export const handler = withFrameLimit((event: WebSocketEvent): Promise<WebSocketResult> => {
  const message = parseBody(event);
  return Promise.resolve(reply(400, { type: 'error', message: message ? REALTIME_MESSAGES.unknownAction : REALTIME_MESSAGES.malformed }));
});
