import { pingMessageSchema } from '#shared/realtime/messages.ts';
import { withFrameLimit } from './frame-limit.ts';
import { readJson, REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';

/**
 * `ping`: the browser's keep-alive under the 10-minute idle limit. With `t` (the client's clock)
 * it is also a clock-sync sample: the pong echoes `t` with the server's clock, from which the
 * browser estimates its offset (shared/tournaments/clock-sync.ts) to show a live question at the
 * server's open instant. Only display depends on it: answers are stamped on arrival, and nothing a
 * ping says is stored. A `t` that is no sane clock reading is refused (400), never echoed. The
 * answer itself reads and writes nothing; the frame limit (frame-limit.ts) counts the frame first.
 */
export function answerPing(event: WebSocketEvent): Promise<WebSocketResult> {
  const ping = pingMessageSchema.safeParse(readJson(event));
  if (!ping.success) return Promise.resolve(reply(400, { type: 'error', message: REALTIME_MESSAGES.badPing }));
  if (ping.data.t === undefined) return Promise.resolve(reply(200, { type: 'pong' }));
  return Promise.resolve(reply(200, { type: 'pong', t: ping.data.t, server_time: serverMidpoint(event.requestContext.requestTimeEpoch, Date.now()) }));
}

/**
 * The server's clock for a pong: halfway between the frame's arrival at the gateway and the
 * answer. The browser takes the server's reading to fall halfway through its round trip, so
 * reading it at the end would count half the server's own time (the invocation, the frame
 * count) as clock offset. An arrival that is no sane earlier reading is not used.
 */
export function serverMidpoint(arrivedAt: number | undefined, now: number): number {
  return arrivedAt !== undefined && arrivedAt <= now && now - arrivedAt < 30_000 ? Math.round((arrivedAt + now) / 2) : now;
}

export const handler = withFrameLimit(answerPing);
