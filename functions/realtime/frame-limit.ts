import { closeConnection } from '../lib/close-connections.ts';
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
    const now = Date.now();
    const window = Math.floor(now / frameWindowMs);
    const verdict = frameVerdict(await countFrame(connectionId, window, (window + 1) * frameWindowMs + 60_000));
    if (verdict === 'run') return run(event);
    if (verdict === 'close') await closeConnection(connectionId);
    return reply(429, { type: 'error', message: REALTIME_MESSAGES.tooManyFrames });
  };
}
