import { describe, expect, it } from 'vitest';
import { nextStudyReminder, remindsAtStreak, streakReminderText, studyReminderTimes } from './reminders.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe('streak reminders (1-core §9: at a multiple of 5, one of three wordings)', () => {
  it.each([
    [0, false],
    [1, false],
    [4, false],
    [5, true],
    [6, false],
    [10, true],
    [15, true],
    [25, true],
  ])('streak %i reminds: %s', (streak, expected) => expect(remindsAtStreak(streak)).toBe(expected));

  it.each([
    [5, '5 days in a row! Keep your streak alive with a quiz today.'],
    [10, 'Your streak is at 10 days. One quiz a day keeps it going!'],
    [15, '15-day streak! Come back tomorrow to make it 16.'],
    [20, '20 days in a row! Keep your streak alive with a quiz today.'],
    [25, 'Your streak is at 25 days. One quiz a day keeps it going!'],
  ])('streak %i reads "%s"', (streak, message) => {
    expect(streakReminderText(streak)).toEqual({ title: `${streak}-day streak`, message });
  });

  it('never repeats the wording of the reminder before', () => {
    for (let n = 10; n <= 100; n += 5) expect(streakReminderText(n).message.replace(/\d+/g, '')).not.toBe(streakReminderText(n - 5).message.replace(/\d+/g, ''));
  });
});

describe('study reminders (2-social §9: next 7 days at the preferred time, skipped in quiet hours)', () => {
  const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

  it('are the next 7 days at 19:00 in the account’s zone', () => {
    const times = studyReminderTimes(new Date('2026-11-23T10:00:00Z'), 'Europe/Vienna', DEFAULT_SETTINGS);
    expect(iso(times)).toEqual(['23', '24', '25', '26', '27', '28', '29'].map((d) => `2026-11-${d}T18:00:00.000Z`));
  });

  it('start tomorrow when today’s time has passed', () => {
    const times = studyReminderTimes(new Date('2026-11-23T19:30:00Z'), 'UTC', DEFAULT_SETTINGS);
    expect(times).toHaveLength(7);
    expect(times[0]!.toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(times[6]!.toISOString()).toBe('2026-11-30T19:00:00.000Z');
  });

  it('follow the zone’s clock across a DST change', () => {
    const times = studyReminderTimes(new Date('2026-10-23T12:00:00Z'), 'Europe/Vienna', DEFAULT_SETTINGS);
    expect(iso(times).slice(1, 4)).toEqual(['2026-10-24T17:00:00.000Z', '2026-10-25T18:00:00.000Z', '2026-10-26T18:00:00.000Z']);
  });

  it.each([
    ['23:00', { start: '22:00', end: '08:00' }, 0],
    ['07:30', { start: '22:00', end: '08:00' }, 0],
    ['08:00', { start: '22:00', end: '08:00' }, 7],
    ['21:59', { start: '22:00', end: '08:00' }, 7],
    ['14:00', { start: '13:00', end: '15:00' }, 0],
  ] as const)('at %s with quiet hours %o: %i reminders', (preferredStudyTime, quietHours, count) => {
    expect(studyReminderTimes(new Date('2026-11-23T00:00:00Z'), 'UTC', { preferredStudyTime, quietHours })).toHaveLength(count);
  });

  it('the window rolls: the next one is a week after the one delivered, same wall-clock time', () => {
    expect(nextStudyReminder(new Date('2026-10-20T17:00:00Z'), 'Europe/Vienna', '19:00').toISOString()).toBe('2026-10-27T18:00:00.000Z');
  });
});
