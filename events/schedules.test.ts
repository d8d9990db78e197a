import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCron } from '#infra/local/cron.ts';
import { checkSchedules, scheduledEvent, scheduledEventSchema, SCHEDULES, type ScheduleName } from './schedules.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const names = Object.keys(SCHEDULES) as ScheduleName[];

describe('the schedule table', () => {
  it('passes the check both hosts run before using it', () => {
    expect(() => checkSchedules(SCHEDULES)).not.toThrow();
  });

  it.each(names)('%s: a cron expression both hosts read, a handler that exists', (name) => {
    const schedule = SCHEDULES[name];
    expect(() => parseCron(schedule.cron)).not.toThrow();
    expect(existsSync(`${root}${schedule.entry}`)).toBe(true);
  });

  it.each(names)('%s: its handler accepts the event the local scheduler sends, and AWS sends', (name) => {
    const local = scheduledEvent(name, SCHEDULES[name], Date.parse('2026-03-15T00:05:00.000Z'));
    expect(local.scheduledTime).toBe('2026-03-15T00:05:00Z'); // as <aws.scheduler.scheduled-time>
    expect(scheduledEventSchema(name).parse(local)).toEqual(local);
    expect(() => scheduledEventSchema(name).parse({ ...local, schedule: 'another' })).toThrow();
  });

  it('never purges a sign-up whose confirmation link still works', () => {
    const schema = SCHEDULES['purge-expired-sign-ups'].payloadSchema;
    expect(schema.safeParse({ olderThanHours: 24, maxDeletions: 10 }).success).toBe(false);
    expect(schema.safeParse({ olderThanHours: 25, maxDeletions: 10 }).success).toBe(true);
  });

  it('refuses names that cannot name a schedule, and payloads their schema refuses', () => {
    const valid = SCHEDULES['purge-expired-sign-ups'];
    expect(() => checkSchedules({ 'Nightly Job': valid })).toThrow(/lower-case/);
    expect(() => checkSchedules({ nightly: { ...valid, payload: { olderThanHours: 1, maxDeletions: 1 } } })).toThrow(/payload its schema refuses/);
  });
});
