import { describe, expect, it } from 'vitest';
import { fallbackPolling } from './use-pushed-refresh.ts';

describe('fallbackPolling', () => {
  it.each([
    [true, 30_000, false, false],
    [false, 30_000, 30_000, true],
    [true, false, false, false],
    [false, false, false, true],
  ] as const)('socket open %s, fallback %s → interval %s, focus refetch %s', (live, fallbackMs, interval, onFocus) => {
    expect(fallbackPolling(live, fallbackMs)).toEqual({ refetchInterval: interval, refetchOnWindowFocus: onFocus });
  });
});
