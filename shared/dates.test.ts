import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, daysBetween, isoWeekId, localDate, utcDate, weekStart } from './dates.ts';

describe('localDate: the calendar day of an instant in a zone', () => {
  it.each([
    ['2026-11-27T23:30:00Z', 'Asia/Tokyo', '2026-11-28'],
    ['2026-11-27T23:30:00Z', 'UTC', '2026-11-27'],
    ['2026-11-28T02:00:00Z', 'America/Los_Angeles', '2026-11-27'],
    ['2026-11-27T18:45:00Z', 'Asia/Kathmandu', '2026-11-28'],
    // The night the clocks go forward in London: 00:30 UTC is still the 29th there.
    ['2026-03-29T00:30:00Z', 'Europe/London', '2026-03-29'],
    ['2026-11-27T23:30:00Z', 'Mars/Olympus_Mons', '2026-11-27'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(localDate(new Date(instant), zone)).toBe(day);
  });

  it('utcDate reads a Date, epoch ms or an ISO string', () => {
    expect(utcDate(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(utcDate(Date.UTC(2026, 10, 28))).toBe('2026-11-28');
    expect(utcDate('2026-11-28T01:00:00+02:00')).toBe('2026-11-27');
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-11-27', 1, '2026-11-28'],
    ['2026-11-27', -1, '2026-11-26'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-11-27', 30, '2026-12-27'],
    ['2026-11-27', 0, '2026-11-27'],
  ])('%s %+d days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it('counts whole days between two days, negative backwards', () => {
    expect(daysBetween('2026-11-20', '2026-11-27')).toBe(7);
    expect(daysBetween('2026-11-27', '2026-11-20')).toBe(-7);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-11-27', '2026-11-27')).toBe(0);
  });

  it('starts a day at midnight UTC; a malformed day is NaN and cannot be shifted', () => {
    expect(dayStartMs('2026-11-27')).toBe(Date.UTC(2026, 10, 27));
    expect(dayStartMs('27/11/2026')).toBeNaN();
    expect(() => addDays('27/11/2026', 1)).toThrow(RangeError);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-11-27T15:00:00Z', '2026-11-23', '2026-W48'],
    ['2026-11-29T23:59:00Z', '2026-11-23', '2026-W48'],
    ['2026-11-30T00:00:00Z', '2026-11-30', '2026-W49'],
    ['2021-01-01T12:00:00Z', '2020-12-28', '2020-W53'],
    ['2024-12-30T08:00:00Z', '2024-12-30', '2025-W01'],
    ['2026-01-01T00:00:00Z', '2025-12-29', '2026-W01'],
  ])('%s: the week starts on %s and is %s', (instant, monday, week) => {
    expect(weekStart(new Date(instant)).toISOString()).toBe(`${monday}T00:00:00.000Z`);
    expect(isoWeekId(new Date(instant))).toBe(week);
  });
});
