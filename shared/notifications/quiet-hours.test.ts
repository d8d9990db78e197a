import { describe, expect, it } from 'vitest';
import { deliveryTime, isQuietAt, minutesOf, wallClock, zonedInstant } from './quiet-hours.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

const at = (hhmm: string) => minutesOf(hhmm);

describe('quiet hours (2-social §9: default 22:00 to 08:00)', () => {
  it.each([
    // overnight range, the default
    ['21:59', { start: '22:00', end: '08:00' }, false],
    ['22:00', { start: '22:00', end: '08:00' }, true],
    ['23:59', { start: '22:00', end: '08:00' }, true],
    ['00:00', { start: '22:00', end: '08:00' }, true],
    ['07:59', { start: '22:00', end: '08:00' }, true],
    ['08:00', { start: '22:00', end: '08:00' }, false],
    ['19:00', { start: '22:00', end: '08:00' }, false],
    // a range inside one day
    ['12:59', { start: '13:00', end: '15:00' }, false],
    ['13:00', { start: '13:00', end: '15:00' }, true],
    ['14:59', { start: '13:00', end: '15:00' }, true],
    ['15:00', { start: '13:00', end: '15:00' }, false],
    // ending at midnight
    ['23:30', { start: '23:00', end: '00:00' }, true],
    ['00:00', { start: '23:00', end: '00:00' }, false],
  ] as const)('%s with %o is quiet: %s', (time, quiet, expected) => {
    expect(isQuietAt(at(time), quiet)).toBe(expected);
  });
});

describe('wall-clock times in a time zone', () => {
  it.each([
    ['2026-11-23', '19:00', 'UTC', '2026-11-23T19:00:00.000Z'],
    ['2026-11-23', '19:00', 'Europe/Vienna', '2026-11-23T18:00:00.000Z'],
    ['2026-07-01', '19:00', 'Europe/Vienna', '2026-07-01T17:00:00.000Z'],
    ['2026-11-23', '19:00', 'America/New_York', '2026-11-24T00:00:00.000Z'],
    ['2026-11-23', '08:00', 'Asia/Kolkata', '2026-11-23T02:30:00.000Z'],
    // 02:30 does not exist on the spring-forward night in Vienna: clocks read 03:30 then.
    ['2026-03-29', '02:30', 'Europe/Vienna', '2026-03-29T01:30:00.000Z'],
    // 02:30 happens twice on the fall-back night: the first one.
    ['2026-10-25', '02:30', 'Europe/Vienna', '2026-10-25T00:30:00.000Z'],
    ['2026-11-23', '19:00', 'Not/AZone', '2026-11-23T19:00:00.000Z'],
  ] as const)('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(expected);
  });

  it('reads the local date and minute', () => {
    expect(wallClock(new Date('2026-11-23T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-24', minuteOfDay: 8 * 60 + 30 });
  });
});

describe('delivery time: an item made in quiet hours waits for their end', () => {
  const quiet = DEFAULT_SETTINGS.quietHours;
  it.each([
    ['2026-11-23T12:00:00.000Z', 'UTC', '2026-11-23T12:00:00.000Z'],
    // 23:00 → 08:00 the next morning
    ['2026-11-23T23:00:00.000Z', 'UTC', '2026-11-24T08:00:00.000Z'],
    // 03:00 → 08:00 the same morning
    ['2026-11-24T03:00:00.000Z', 'UTC', '2026-11-24T08:00:00.000Z'],
    // 22:30 in Vienna (21:30 UTC) → 08:00 Vienna (07:00 UTC)
    ['2026-11-23T21:30:00.000Z', 'Europe/Vienna', '2026-11-24T07:00:00.000Z'],
    // 12:00 UTC is 21:00 in Tokyo: not quiet yet
    ['2026-11-23T12:00:00.000Z', 'Asia/Tokyo', '2026-11-23T12:00:00.000Z'],
  ] as const)('made at %s in %s → delivered %s', (made, zone, expected) => {
    expect(deliveryTime(new Date(made), zone, quiet).toISOString()).toBe(expected);
  });
});
