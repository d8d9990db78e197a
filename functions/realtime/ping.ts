import { reply, type WebSocketResult } from './socket-event.ts';

/** `ping`: the browser's keep-alive under the 10-minute idle limit. */
export function handler(): Promise<WebSocketResult> {
  return Promise.resolve(reply(200, { type: 'pong' }));
}
