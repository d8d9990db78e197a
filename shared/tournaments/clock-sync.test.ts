import { describe, expect, it } from 'vitest';
import { estimateClockOffset, msUntilServerInstant } from './clock-sync.ts';

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
