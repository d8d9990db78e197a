import { describe, expect, it } from 'vitest';
import { OFFLINE, afterSend, enqueue, plausibleTimes, type OutboxItem } from './offline.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ISSUED = NOW - 3 * DAY;

describe('plausibleTimes: the completion time the server counts', () => {
  it.each([
    ['an hour ago', NOW - HOUR, { ok: true, completedAt: NOW - HOUR, clamped: false }],
    ['just now', NOW, { ok: true, completedAt: NOW, clamped: false }],
    ['one minute in the future (clock ahead)', NOW + 60_000, { ok: true, completedAt: NOW, clamped: true }],
    ['a day in the future', NOW + DAY, { ok: true, completedAt: NOW, clamped: true }],
    ['exactly 7 days ago', NOW - 7 * DAY, { ok: true, completedAt: NOW - 7 * DAY, clamped: false }],
    ['7 days and a second ago', NOW - 7 * DAY - 1000, { ok: false, reason: 'too_old' }],
    ['8 days ago', NOW - 8 * DAY, { ok: false, reason: 'too_old' }],
  ] as const)('%s', (_label, completedAt, expected) => {
    // Packs issued 8 days ago, so only the age rule and the future clamp apply here.
    const result = plausibleTimes({ startedAt: completedAt - 5 * 60_000, completedAt, now: NOW, issuedAt: NOW - 8 * DAY, answered: 10 });
    expect(result).toMatchObject(expected);
  });

  it('a completion before the pack was issued (clock behind) is moved up to the issue time', () => {
    expect(plausibleTimes({ startedAt: ISSUED - 2 * HOUR, completedAt: ISSUED - HOUR, now: NOW, issuedAt: ISSUED, answered: 10 })).toMatchObject({ ok: true, completedAt: ISSUED, clamped: true });
  });

  it.each([
    ['a five-minute play', 5 * 60_000, 5 * 60_000],
    ['a claimed one-second play of 10 answers counts 20 s', 1000, 10 * OFFLINE.minMsPerQuestion],
    ['a start after the end counts 20 s', -60_000, 10 * OFFLINE.minMsPerQuestion],
    ['a five-hour play counts 2 h', 5 * HOUR, OFFLINE.maxPlayMs],
  ])('time spent: %s', (_label, claimedMs, countedMs) => {
    const completedAt = NOW - DAY;
    const result = plausibleTimes({ startedAt: completedAt - claimedMs, completedAt, now: NOW, issuedAt: ISSUED, answered: 10 });
    expect(result.ok && result.completedAt - result.startedAt).toBe(countedMs);
  });

  it('a start before the pack was issued begins at the issue time', () => {
    const completedAt = ISSUED + 10 * 60_000;
    const result = plausibleTimes({ startedAt: ISSUED - 30 * 60_000, completedAt, now: NOW, issuedAt: ISSUED, answered: 10 });
    expect(result.ok && result.startedAt).toBe(ISSUED);
  });
});

const item = (clientAttemptId: string, localScore = 7): OutboxItem => ({
  clientAttemptId,
  packId: 'pack0000001',
  subject: 'geography',
  level: 'beginner',
  answers: [],
  startedAt: NOW - 60_000,
  completedAt: NOW,
  timeZone: 'UTC',
  localScore,
  total: 10,
});

describe('outbox dedupe', () => {
  it.each([
    ['an empty outbox takes the result', [], item('a'), ['a']],
    ['a second play queues a second result', [item('a')], item('b'), ['a', 'b']],
    ['the same attempt queued again stays once', [item('a'), item('b')], item('a', 9), ['a', 'b']],
  ] as const)('%s', (_label, outbox, next, ids) => {
    const result = enqueue(outbox, next);
    expect(result.map((i) => i.clientAttemptId)).toEqual(ids);
  });

  it('keeps the first copy of a repeated attempt', () => {
    expect(enqueue([item('a', 7)], item('a', 9))[0]!.localScore).toBe(7);
  });

  it.each([
    [200, 'remove'],
    [201, 'remove'],
    [400, 'remove'],
    [403, 'remove'],
    [404, 'remove'],
    [401, 'keep'],
    [408, 'keep'],
    [429, 'keep'],
    [500, 'keep'],
    [503, 'keep'],
    ['network-error', 'keep'],
  ] as const)('after a send answered %s: %s', (status, action) => {
    expect(afterSend(status)).toBe(action);
  });
});
