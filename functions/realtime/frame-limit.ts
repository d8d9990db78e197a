import { closeConnection } from '../lib/close-connections.ts';
import { log } from '../lib/log.ts';
import { WEBSOCKET_THROTTLE } from '../throttle.ts';
import { countFrame } from './data/connections.ts';
import { REALTIME_MESSAGES, reply, type WebSocketEvent, type WebSocketResult } from './socket-event.ts';

const { framesPerSecond, frameBurst, dropsBeforeClose, frameWindowMs } = WEBSOCKET_THROTTLE;

/** The most frames a socket can send in one window while within the local gateway's bucket (a burst, then the rate). */
export const FRAMES_PER_WINDOW = frameBurst + framesPerSecond * (frameWindowMs / 1000);

/** What a connection's frame number `count` of the current window gets: run, refused (429), or refused and the socket closed. */
export function frameVerdict(count: number): 'run' | 'refuse' | 'close' {
  if (count <= FRAMES_PER_WINDOW) return 'run';
  return count <= FRAMES_PER_WINDOW + dropsBeforeClose ? 'refuse' : 'close';
}

/**
 * The per-socket frame limit as the route functions apply it. API Gateway has no limit per
 * connection, only per stage and route, so in AWS one socket's flood would spend the whole
 * stage's budget; each route function (the one host both share) counts the connection's frames
 * in fixed windows first, refuses those over the limit without running the route, and closes a
 * socket that keeps on. Locally the gateway's own bucket (functions/throttle.ts) refuses first.
 */
export function withFrameLimit(run: (event: WebSocketEvent) => Promise<WebSocketResult>) {
  return async (event: WebSocketEvent): Promise<WebSocketResult> => {
    const { connectionId } = event.requestContext;
    const window = Math.floor(Date.now() / frameWindowMs);
    const count = await countFrame(connectionId, window, (window + 1) * frameWindowMs + 60_000);
    const verdict = frameVerdict(count);
    if (verdict === 'run') return run(event);
    if (verdict === 'close') {
      // Once per socket: the close ends its frames (docs/runbook.md, "WebSocket errors").
      if (count === FRAMES_PER_WINDOW + dropsBeforeClose + 1) log.warn('ws: closed a socket that flooded frames', { connectionId, userId: event.requestContext.authorizer?.userId, frames: count });
      await closeConnection(connectionId);
    }
    return reply(429, { type: 'error', message: REALTIME_MESSAGES.tooManyFrames });
  };
}
