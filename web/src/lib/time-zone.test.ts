import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, detectedTimeZone } from './time-zone.ts';

const reporting = (timeZone: string) =>
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => ({ resolvedOptions: () => ({ timeZone }) }) as Intl.DateTimeFormat);

afterEach(() => vi.restoreAllMocks());

describe('the browser’s time zone', () => {
  it('is the zone the browser reports', () => {
    reporting('Asia/Kolkata');
    expect(detectedTimeZone()).toBe('Asia/Kolkata');
    expect(browserTimeZone()).toBe('Asia/Kolkata');
  });

  it('is unknown, or UTC for the server’s day, when the browser reports none or throws', () => {
    reporting('');
    expect(detectedTimeZone()).toBeUndefined();
    expect(browserTimeZone()).toBe('UTC');
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no Intl data');
    });
    expect(detectedTimeZone()).toBeUndefined();
    expect(browserTimeZone()).toBe('UTC');
  });
});
