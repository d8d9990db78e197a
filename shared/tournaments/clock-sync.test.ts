import { describe, expect, it } from 'vitest';
import { CLIENT_CLOCK_RANGE, clientClockSchema, estimateClockOffset, MAX_ROUND_TRIP_MS, msUntilServerInstant } from './clock-sync.ts';

describe('the client’s offset to the server clock', () => {
  it('reads the server’s clock at the middle of the round trip', () => {
    // Server 5 s ahead; 40 ms each way.
    expect(estimateClockOffset([{ sentAt: 1000, serverAt: 6040, receivedAt: 1080 }])).toEqual({ offsetMs: 5000, roundTripMs: 80 });
  });

  it('keeps the sample with the shortest round trip: a queued answer would skew it', () => {
    const samples = [
      { sentAt: 0, serverAt: 5400, receivedAt: 500 }, // answer queued 400 ms on the way back: reads 5150
      { sentAt: 1000, serverAt: 6010, receivedAt: 1020 }, // 20 ms round trip: 5000
      { sentAt: 2000, serverAt: 7300, receivedAt: 2320 },
    ];
    expect(estimateClockOffset(samples)).toEqual({ offsetMs: 5000, roundTripMs: 20 });
  });

  it('handles a client ahead of the server, and ignores a sample across a clock jump', () => {
    expect(estimateClockOffset([{ sentAt: 10_000, serverAt: 7_010, receivedAt: 10_020 }, { sentAt: 12_000, serverAt: 0, receivedAt: 11_000 }])).toEqual({ offsetMs: -3000, roundTripMs: 20 });
  });

  it('ignores absurd round trips: too long, infinite, or from junk times, so one bad exchange never moves the estimate', () => {
    const good = { sentAt: 1_000, serverAt: 6_010, receivedAt: 1_020 };
    const absurd = [
      { sentAt: 0, serverAt: 5_000, receivedAt: MAX_ROUND_TRIP_MS + 1 }, // stalled past the bound
      { sentAt: -1e308, serverAt: 0, receivedAt: 1e308 }, // infinite round trip
      { sentAt: 1e308, serverAt: 1e308, receivedAt: Number.POSITIVE_INFINITY },
      { sentAt: Number.NaN, serverAt: 5_000, receivedAt: 10 },
      { sentAt: 10, serverAt: Number.POSITIVE_INFINITY, receivedAt: 12 },
      { sentAt: 2_000, serverAt: 9e15, receivedAt: 1_000 }, // negative: a clock jump
    ];
    expect(estimateClockOffset([...absurd, good, ...absurd])).toEqual({ offsetMs: 5000, roundTripMs: 20 });
    expect(estimateClockOffset(absurd)).toBeNull();
    // At the bound it still counts (a slow but real exchange).
    expect(estimateClockOffset([{ sentAt: 0, serverAt: 7_500, receivedAt: MAX_ROUND_TRIP_MS }])).toEqual({ offsetMs: 5000, roundTripMs: MAX_ROUND_TRIP_MS });
  });

  it('gives nothing without a usable sample', () => {
    expect(estimateClockOffset([])).toBeNull();
    expect(estimateClockOffset([{ sentAt: 5, serverAt: Number.NaN, receivedAt: 6 }])).toBeNull();
  });
});

describe('when to show a question announced for a server instant', () => {
  it('waits until the instant on the server’s clock, and shows a late one at once', () => {
    // Client 300 ms behind the server: at client 10_000 the server reads 10_300.
    expect(msUntilServerInstant(12_000, 10_000, 300)).toBe(1700);
    expect(msUntilServerInstant(12_000, 11_700, 300)).toBe(0);
    expect(msUntilServerInstant(12_000, 13_000, 300)).toBe(0);
  });
});

describe('the client clock a ping may carry', () => {
  it('is a reading between 2000 and 2200, fractions allowed', () => {
    for (const t of [Date.now(), Date.now() + 0.25, CLIENT_CLOCK_RANGE.min, CLIENT_CLOCK_RANGE.max, Date.UTC(2001, 0, 1)]) expect(clientClockSchema.safeParse(t).success, String(t)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const t of [-1, 0, 1.5, 123, 1e308, -1e308, Number.NaN, Number.POSITIVE_INFINITY, CLIENT_CLOCK_RANGE.max + 1, '1700000000000', 'soon', null, {}, [Date.now()], true]) {
      expect(clientClockSchema.safeParse(t).success, JSON.stringify(t)).toBe(false);
    }
  });
});
