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

/** The offset from the sample with the shortest round trip, or null with no usable sample (a negative round trip is a clock jump). */
export function estimateClockOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockOffset | null = null;
  for (const s of samples) {
    const roundTripMs = s.receivedAt - s.sentAt;
    if (!Number.isFinite(roundTripMs) || roundTripMs < 0 || !Number.isFinite(s.serverAt)) continue;
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
