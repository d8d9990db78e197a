import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './backoff.ts';

describe('reconnectDelay', () => {
  it.each([
    [0, 250, 500],
    [1, 500, 1000],
    [2, 1000, 2000],
    [3, 2000, 4000],
    [5, 8000, 16000],
    [6, 15000, 30000],
    [7, 15000, 30000],
    [50, 15000, 30000],
  ])('attempt %i waits between %i and %i ms', (attempt, low, high) => {
    expect(reconnectDelay(attempt, () => 0)).toBe(low);
    expect(reconnectDelay(attempt, () => 0.999999)).toBeLessThanOrEqual(high);
    expect(reconnectDelay(attempt, () => 0.999999)).toBeGreaterThan(high - 1);
  });

  it('never exceeds the cap and never drops under half the base', () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      for (const r of [0, 0.3, 0.7, 0.9999]) {
        const delay = reconnectDelay(attempt, () => r);
        expect(delay).toBeLessThanOrEqual(RECONNECT_MAX_MS);
        expect(delay).toBeGreaterThanOrEqual(RECONNECT_BASE_MS / 2);
      }
    }
  });

  it('jitter spreads clients dropped at the same moment', () => {
    const delays = new Set([0.1, 0.4, 0.8].map((r) => reconnectDelay(6, () => r)));
    expect(delays.size).toBe(3);
  });
});
