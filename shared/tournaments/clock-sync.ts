import * as z from 'zod';

/**
 * The browser's estimate of the server's clock, for showing a live question at the instant the
 * server announced (QUESTION_LEAD_MS). A sample is one exchange over the socket: the client's
 * clock when it sent, the server's clock when it answered, the client's clock when the answer
 * arrived. Assuming the answer took half the round trip, the server's clock read `serverAt` at
 * the client's `(sentAt + receivedAt) / 2`; the error is at most half the round trip, so the
 * sample with the shortest round trip wins (a slow one was queued somewhere, one way or both).
 *
 * Only what the screen shows depends on it: the server stamps every answer on arrival and
 * counts speed from its own instant, so a wrong or faked client clock gains nothing.
 */
export interface ClockSample {
  sentAt: number;
  serverAt: number;
  receivedAt: number;
}

export interface ClockOffset {
  /** Add to the client's clock to read the server's. */
  offsetMs: number;
  /** The round trip of the sample used: the offset is right to within half of it. */
  roundTripMs: number;
}

/** How many exchanges a client makes after each (re)connect: a few, since the best of them is kept. */
export const CLOCK_SAMPLES = 5;

/**
 * A round trip longer than this says too little to use: its offset could be off by half of it,
 * more than a question's lead (QUESTION_LEAD_MS, 3 s). A sample that took longer was stalled, or
 * its times are not what this client sent and received.
 */
export const MAX_ROUND_TRIP_MS = 5_000;

/**
 * The client clock a ping may carry (`t`): milliseconds since 1970 on a date between 2000 and
 * 2200 (a fraction is allowed: a skewed clock need not be whole). A wrong device clock inside
 * that still syncs; anything else (negative, 0, 1e308, a string, an object) is no clock reading
 * and the ping is refused, never echoed.
 */
export const CLIENT_CLOCK_RANGE = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2200, 0, 1) } as const;
export const clientClockSchema = z.number().min(CLIENT_CLOCK_RANGE.min).max(CLIENT_CLOCK_RANGE.max);

/**
 * The offset from the sample with the shortest round trip, or null with no usable sample. A
 * negative round trip is a clock jump, and one over MAX_ROUND_TRIP_MS (or not a number) is
 * ignored, so one absurd exchange never moves the estimate.
 */
export function estimateClockOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockOffset | null = null;
  for (const s of samples) {
    const roundTripMs = s.receivedAt - s.sentAt;
    if (!Number.isFinite(roundTripMs) || roundTripMs < 0 || roundTripMs > MAX_ROUND_TRIP_MS || !Number.isFinite(s.serverAt)) continue;
    if (best && best.roundTripMs <= roundTripMs) continue;
    best = { offsetMs: Math.round(s.serverAt - (s.sentAt + s.receivedAt) / 2), roundTripMs };
  }
  return best;
}

/**
 * How long until a question opening at `opensAt` (server clock) is to be shown, on the client's
 * clock `now`: 0 when the instant has passed (it arrived late: show it at once, its time left
 * still counted from `opensAt`).
 */
export function msUntilServerInstant(opensAt: number, now: number, offsetMs: number): number {
  return Math.max(0, opensAt - (now + offsetMs));
}
