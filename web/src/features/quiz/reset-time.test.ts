import { describe, expect, it } from 'vitest';
import { resetIn, resetWhen } from './reset-time.ts';

describe('when the free rounds start again', () => {
  it.each([
    ['2026-11-26T15:00:00.000Z', 'Asia/Tokyo', 'Friday 27 November at 00:00 (Asia/Tokyo time)'],
    ['2026-11-27T05:00:00.000Z', 'America/New_York', 'Friday 27 November at 00:00 (America/New York time)'],
    ['2026-11-27T00:00:00.000Z', 'UTC', 'Friday 27 November at 00:00 (UTC time)'],
  ])('%s in %s reads %s', (at, zone, text) => {
    expect(resetWhen(at, zone)).toBe(text);
  });

  it.each([
    [5 * 60 + 12, 'in 5 h 12 min'],
    [120, 'in 2 h'],
    [7, 'in 7 min'],
    [0, 'in 1 min'],
  ])('%i minutes away reads %s', (minutes, text) => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(resetIn(new Date(now + minutes * 60_000).toISOString(), now)).toBe(text);
  });
});
