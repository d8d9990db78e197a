import { parseBody, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';

/**
 * `ping`: the browser's keep-alive under the 10-minute idle limit. With `t` (the client's clock)
 * it is also a clock-sync sample: the pong echoes `t` with the server's clock, from which the
 * browser estimates its offset (shared/tournaments/clock-sync.ts) to show a live question at the
 * server's open instant. Only display depends on it: answers are stamped on arrival.
 */
export function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const message = parseBody(event);
  if (message?.action === 'ping' && message.t !== undefined) return Promise.resolve(reply(200, { type: 'pong', t: message.t, server_time: Date.now() }));
  return Promise.resolve(reply(200, { type: 'pong' }));
}
