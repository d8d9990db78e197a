import { describe, expect, it } from 'vitest';
import { isTimeZone, roundTimeZone, TIME_ZONE_CHANGE_AFTER_MS } from './time-zone.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('the time zone a round counts in (streak days)', () => {
  it.each([
    // stored zone, when it was set, requested, → zone used, stored again?
    [undefined, undefined, 'Europe/Paris', 'Europe/Paris', true], // the first round sets it
    ['Europe/Paris', ago(60_000), 'Europe/Paris', 'Europe/Paris', false],
    ['Pacific/Kiritimati', ago(5 * 60_000), 'Pacific/Honolulu', 'Pacific/Kiritimati', false], // minutes later: ignored
    ['Pacific/Kiritimati', ago(TIME_ZONE_CHANGE_AFTER_MS - 1), 'Pacific/Honolulu', 'Pacific/Kiritimati', false],
    ['Pacific/Kiritimati', ago(TIME_ZONE_CHANGE_AFTER_MS), 'Pacific/Honolulu', 'Pacific/Honolulu', true], // a day later: a move
    ['Europe/Paris', undefined, 'Asia/Tokyo', 'Asia/Tokyo', true], // a zone with no time of change can change
    [undefined, undefined, 'Not/AZone', 'UTC', false], // an unknown zone is never stored
    ['Europe/Paris', ago(3 * TIME_ZONE_CHANGE_AFTER_MS), 'Not/AZone', 'Europe/Paris', false],
  ] as const)('stored %s (set %s), asked %s → %s, store %s', (stored, changedAt, requested, zone, store) => {
    expect(roundTimeZone({ timeZone: stored, changedAt }, requested, now)).toEqual({ timeZone: zone, store });
  });

  it('knows real zones from made-up ones', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
