import { pingMessageSchema } from '#shared/realtime/messages.ts';
import { readJson, REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';

/**
 * `ping`: the browser's keep-alive under the 10-minute idle limit. With `t` (the client's clock)
 * it is also a clock-sync sample: the pong echoes `t` with the server's clock, from which the
 * browser estimates its offset (shared/tournaments/clock-sync.ts) to show a live question at the
 * server's open instant. Only display depends on it: answers are stamped on arrival, and nothing a
 * ping says is stored. A `t` that is no sane clock reading is refused (400), never echoed; the
 * route reads and writes nothing, so a flood costs only its invocations, and the gateway's frame
 * limit per socket (functions/throttle.ts) drops the excess.
 */
export function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const ping = pingMessageSchema.safeParse(readJson(event));
  if (!ping.success) return Promise.resolve(reply(400, { type: 'error', message: REALTIME_MESSAGES.badPing }));
  if (ping.data.t === undefined) return Promise.resolve(reply(200, { type: 'pong' }));
  return Promise.resolve(reply(200, { type: 'pong', t: ping.data.t, server_time: Date.now() }));
}
