import { describe, expect, it } from 'vitest';
import { CronError, nextFireTime, parseCron } from './cron.ts';

/** Worked by hand with a calendar: 2026-01-01 is a Thursday, 2026-03-13 a Friday, 2028 a leap year. */
const next = (expression: string, after: string) => {
  const t = nextFireTime(expression, Date.parse(after));
  return t === undefined ? undefined : new Date(t).toISOString();
};

describe('the next fire time of an EventBridge Scheduler cron expression (UTC)', () => {
  it.each([
    // The daily challenge's slot, 00:05 every day.
    ['cron(5 0 * * ? *)', '2026-03-14T12:00:00.000Z', '2026-03-15T00:05:00.000Z'],
    ['cron(5 0 * * ? *)', '2026-03-15T00:04:59.999Z', '2026-03-15T00:05:00.000Z'],
    // Strictly after: at the fire time itself, the next one is a day later.
    ['cron(5 0 * * ? *)', '2026-03-15T00:05:00.000Z', '2026-03-16T00:05:00.000Z'],
    ['cron(5 0 * * ? *)', '2026-03-15T00:05:00.001Z', '2026-03-16T00:05:00.000Z'],
    // Day, month and year boundaries.
    ['cron(5 0 * * ? *)', '2026-01-31T23:59:00.000Z', '2026-02-01T00:05:00.000Z'],
    ['cron(5 0 * * ? *)', '2026-02-28T00:06:00.000Z', '2026-03-01T00:05:00.000Z'], // 2026 is no leap year
    ['cron(5 0 * * ? *)', '2028-02-28T00:06:00.000Z', '2028-02-29T00:05:00.000Z'], // 2028 is
    ['cron(5 0 * * ? *)', '2026-12-31T00:06:00.000Z', '2027-01-01T00:05:00.000Z'],
    ['cron(59 23 * * ? *)', '2026-12-31T23:58:30.000Z', '2026-12-31T23:59:00.000Z'],
    ['cron(0 0 1 1 ? *)', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // Day-of-month that some months lack: 31 skips April, 29 February waits for a leap year.
    ['cron(0 0 31 * ? *)', '2026-04-01T00:00:00.000Z', '2026-05-31T00:00:00.000Z'],
    ['cron(0 12 29 2 ? *)', '2026-03-01T00:00:00.000Z', '2028-02-29T12:00:00.000Z'],
    ['cron(30 6 30 * ? *)', '2026-01-30T06:30:00.000Z', '2026-03-30T06:30:00.000Z'],
    // Day-of-week, 1 = Sunday: Friday 13 March 09:00 → Monday 16th.
    ['cron(0 9 ? * MON-FRI *)', '2026-03-13T09:00:00.000Z', '2026-03-16T09:00:00.000Z'],
    ['cron(0 9 ? * MON-FRI *)', '2026-03-13T08:59:00.000Z', '2026-03-13T09:00:00.000Z'],
    ['cron(0 18 ? * 1 *)', '2026-03-14T00:00:00.000Z', '2026-03-15T18:00:00.000Z'], // Saturday → Sunday
    ['cron(0 18 ? * SUN *)', '2026-03-15T18:00:00.000Z', '2026-03-22T18:00:00.000Z'],
    ['cron(0 0 ? * 7 *)', '2026-12-31T12:00:00.000Z', '2027-01-02T00:00:00.000Z'], // Thu 31 Dec → Sat 2 Jan
    // Lists, ranges and steps.
    ['cron(0/15 * * * ? *)', '2026-03-15T10:07:00.000Z', '2026-03-15T10:15:00.000Z'],
    ['cron(0/15 * * * ? *)', '2026-03-15T23:45:00.000Z', '2026-03-16T00:00:00.000Z'],
    ['cron(*/20 8-10 * * ? *)', '2026-03-15T10:40:00.000Z', '2026-03-16T08:00:00.000Z'],
    ['cron(10-50/20 * * * ? *)', '2026-03-15T10:31:00.000Z', '2026-03-15T10:50:00.000Z'],
    ['cron(0 6,18 * * ? *)', '2026-03-15T06:00:00.000Z', '2026-03-15T18:00:00.000Z'],
    ['cron(0 0 1 JAN,JUL ? *)', '2026-02-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['cron(0 0 1 jan ? *)', '2026-02-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // Years.
    ['cron(0 0 1 1 ? 2027-2028)', '2026-06-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['cron(0 0 1 1 ? 2027)', '2030-01-01T00:00:00.000Z', undefined],
    ['cron(0 0 30 2 ? *)', '2026-01-01T00:00:00.000Z', undefined], // 30 February never comes
  ])('%s after %s → %s', (expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });

  it('takes fields with any whitespace between them', () => {
    expect(parseCron('cron( 5  0 * * ? * )').minutes).toEqual(new Set([5]));
  });

  it.each([
    ['5 0 * * ? *', 'write it as cron('],
    ['cron(5 0 * * ?)', 'expected 6 fields'],
    ['cron(5 0 * * * *)', 'exactly one of day-of-month and day-of-week must be ?'],
    ['cron(5 0 ? * ? *)', 'exactly one of day-of-month and day-of-week must be ?'],
    ['cron(60 0 * * ? *)', 'minutes "60": 60 is outside 0-59'],
    ['cron(0 24 * * ? *)', 'hours "24"'],
    ['cron(0 0 0 * ? *)', 'day-of-month "0"'],
    ['cron(0 0 ? 13 MON *)', 'month "13"'],
    ['cron(0 0 ? * 8 *)', 'day-of-week "8"'],
    ['cron(0 0 ? * 0 *)', 'day-of-week "0"'], // AWS counts 1-7, not 0-6
    ['cron(0 0 ? * MON/2 *)', 'steps are not allowed'],
    ['cron(0 0 L * ? *)', 'L, W and # are not supported'],
    ['cron(0 0 15W * ? *)', 'L, W and # are not supported'],
    ['cron(0 0 ? * 6#3 *)', 'L, W and # are not supported'],
    ['cron(0 0 ? * FRI-MON *)', 'runs backwards'],
    ['cron(0/0 0 * * ? *)', 'must be a positive number'],
    ['cron(0 0 * * ? 1969)', 'year "1969"'],
    ['cron(a 0 * * ? *)', '"a" is not a number'],
  ])('refuses %s (%s)', (expression, problem) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(problem);
  });
});
