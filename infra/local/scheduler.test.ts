import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { ScheduleTable } from '#events/schedules.ts';
import { LocalScheduler } from './scheduler.ts';

/** A table like events/schedules.ts, with the daily challenge's slot (00:05 UTC) and a weekly job. */
const TABLE = {
  'daily-sample': {
    description: 'sample',
    cron: 'cron(5 0 * * ? *)',
    entry: 'functions/sample/daily.ts',
    payloadSchema: z.object({ daysAhead: z.number().int().min(1) }),
    payload: { daysAhead: 7 },
  },
  'weekly-sample': {
    description: 'sample',
    cron: 'cron(0 18 ? * SUN *)',
    entry: 'functions/sample/weekly.ts',
    payloadSchema: z.object({}),
    payload: {},
  },
} satisfies ScheduleTable;

const at = (iso: string) => Date.parse(iso);
const quiet = { log: () => undefined, error: () => undefined };

describe('the local scheduler, on a fake clock', () => {
  let calls: { entry: string; name: string; event: unknown; at: string }[];
  let scheduler: LocalScheduler | undefined;
  const record = async (entry: string, name: string, event: unknown) => {
    calls.push({ entry, name, event, at: new Date().toISOString() });
  };

  beforeEach(() => {
    calls = [];
    // Saturday 14 March 2026, a little before midnight UTC.
    vi.useFakeTimers({ now: at('2026-03-14T23:59:30.000Z') });
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    vi.useRealTimers();
  });

  it('fires a job at its time, with the event AWS would send, and then every day', async () => {
    scheduler = new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': TABLE['daily-sample'] }, invoke: record, log: quiet });
    scheduler.start();
    expect(scheduler.nextRuns()).toEqual([{ name: 'daily-sample', at: new Date('2026-03-15T00:05:00.000Z') }]);

    await vi.advanceTimersByTimeAsync(5 * 60_000 + 29_999); // 00:04:59.999
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      {
        entry: 'functions/sample/daily.ts',
        name: 'daily-sample',
        event: { schedule: 'daily-sample', scheduledTime: '2026-03-15T00:05:00Z', payload: { daysAhead: 7 } },
        at: '2026-03-15T00:05:00.000Z',
      },
    ]);

    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(calls.map((c) => c.at)).toEqual(['2026-03-15T00:05:00.000Z', '2026-03-16T00:05:00.000Z']);
    expect(scheduler.nextRuns()[0]!.at).toEqual(new Date('2026-03-17T00:05:00.000Z'));
  });

  it('runs each job of the table on its own schedule, across a month boundary', async () => {
    vi.setSystemTime(at('2026-03-28T12:00:00.000Z')); // a Saturday
    scheduler = new LocalScheduler({ root: '/repo', schedules: TABLE, invoke: record, log: quiet });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(8 * 24 * 60 * 60_000); // to Sunday 5 April, 12:00
    const runs = calls.map((c) => `${c.name} ${c.at}`);
    // Sunday 5 April 18:00 is still ahead.
    expect(runs.filter((r) => r.startsWith('weekly'))).toEqual(['weekly-sample 2026-03-29T18:00:00.000Z']);
    expect(runs.filter((r) => r.startsWith('daily')).map((r) => r.slice(-24, -14))).toEqual([
      '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05',
    ]);
  });

  it('retries a failed run with the same scheduled time, and logs loudly when it keeps failing', async () => {
    const errors: string[] = [];
    let failures = 0;
    const flaky = async (entry: string, name: string, event: unknown) => {
      if (failures++ < 1) throw new Error('table busy');
      await record(entry, name, event);
    };
    scheduler = new LocalScheduler({
      root: '/repo',
      schedules: { 'daily-sample': TABLE['daily-sample'] },
      invoke: flaky,
      retryDelaysMs: [60_000],
      log: { log: () => undefined, error: (message: string) => errors.push(message) },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 30_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((c) => [c.at, (c.event as { scheduledTime: string }).scheduledTime])).toEqual([['2026-03-15T00:06:00.000Z', '2026-03-15T00:05:00Z']]);
    expect(errors).toEqual([]);

    failures = -10; // fails every time from now on
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000 + 60_000);
    expect(errors).toEqual([expect.stringMatching(/^\[scheduler\] daily-sample FAILED for 2026-03-16T00:05:00Z after 2 attempts/)]);
  });

  it('stops cleanly: waits for a run in progress, abandons a waiting retry, fires nothing more', async () => {
    let finish!: () => void;
    const slow = (entry: string, name: string, event: unknown) =>
      new Promise<void>((resolve) => {
        void record(entry, name, event);
        finish = resolve;
      });
    scheduler = new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': TABLE['daily-sample'] }, invoke: slow, log: quiet });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 30_000);
    expect(calls).toHaveLength(1);

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false); // the run is still going
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60_000);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);

    // A retry that is waiting does not hold up stopping.
    const errors: string[] = [];
    const failing = async () => {
      throw new Error('down');
    };
    const other = new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': TABLE['daily-sample'] }, invoke: failing, log: { log: () => undefined, error: (m: string) => errors.push(m) } });
    other.start();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    await other.stop();
    expect(errors).toEqual([expect.stringMatching(/FAILED for 2026-03-19T00:05:00Z; stopping before retry 1/)]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notices a clock that jumps ahead, firing the run that fell due once, late', async () => {
    scheduler = new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': TABLE['daily-sample'] }, invoke: record, log: quiet });
    scheduler.start();
    // The laptop sleeps from 23:59:30 to 03:00 two days later: no timer fired meanwhile.
    vi.setSystemTime(at('2026-03-17T03:00:00.000Z'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((c) => (c.event as { scheduledTime: string }).scheduledTime)).toEqual(['2026-03-15T00:05:00Z']);
    expect(scheduler.nextRuns()[0]!.at).toEqual(new Date('2026-03-18T00:05:00.000Z'));
  });

  it('refuses a table whose payload its own schema refuses, or whose cron the two hosts cannot share', () => {
    const bad = { ...TABLE['daily-sample'], payload: { daysAhead: 0 } };
    expect(() => new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': bad } })).toThrow(/payload its schema refuses/);
    const lastDay = { ...TABLE['daily-sample'], cron: 'cron(0 0 L * ? *)' as const };
    expect(() => new LocalScheduler({ root: '/repo', schedules: { 'daily-sample': lastDay } })).toThrow(/not supported/);
  });
});
