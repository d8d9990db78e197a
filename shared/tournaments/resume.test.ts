import { describe, expect, it } from 'vitest';
import { reopenedWindow, STALL_GRACE_MS, stalledStep, type StoredMatchState } from './resume.ts';
import type { MatchClock } from './schedule.ts';

const clock: MatchClock = { startAt: 1_000_000, questionCount: 3, windowMs: 30_000, gapMs: 4_000, maxMultiplier: 1 };
// Slots: q1 opens 1,000,000 closes 1,030,000; q2 opens 1,034,000 closes 1,064,000; q3 opens 1,068,000 closes 1,098,000.

describe('a stalled step, by the stored state (issue 17 item 19)', () => {
  const at = (state: StoredMatchState, now: number) => stalledStep(state, clock, now);
  it.each<[string, StoredMatchState, number, ReturnType<typeof stalledStep>]>([
    ['waiting is the start job’s', { status: 'waiting', question: 0, closeAt: null }, 9_000_000, null],
    ['finished', { status: 'finished', question: 3, closeAt: 1_098_000 }, 9_000_000, null],
    ['starting, before its start', { status: 'starting', question: 0, closeAt: null }, 990_000, null],
    ['starting, within the grace', { status: 'starting', question: 0, closeAt: null }, 1_000_000 + STALL_GRACE_MS, null],
    ['starting, overdue: the first question is handed again', { status: 'starting', question: 0, closeAt: null }, 1_000_001 + STALL_GRACE_MS, { kind: 'rehand', question: 1, phase: 'open' }],
    ['open, the runner waits for its close', { status: 'open', question: 2, closeAt: 1_064_000 }, 1_050_000, null],
    ['open, just past the close (the runner is closing it)', { status: 'open', question: 2, closeAt: 1_064_000 }, 1_070_000, null],
    ['open, overdue: reopened with a fresh window', { status: 'open', question: 2, closeAt: 1_064_000 }, 1_064_001 + STALL_GRACE_MS, { kind: 'reopen', question: 2, phase: 'open' }],
    ['closed, the next waits for its slot', { status: 'closed', question: 1, closeAt: 1_030_000 }, 1_040_000, null],
    ['closed, the next overdue: handed again', { status: 'closed', question: 1, closeAt: 1_030_000 }, 1_034_001 + STALL_GRACE_MS, { kind: 'rehand', question: 1, phase: 'close' }],
    ['closed late (resumed): the next is due a pause after', { status: 'closed', question: 1, closeAt: 2_000_000 }, 2_004_000 + STALL_GRACE_MS, null],
    ['the last closed but not finished', { status: 'closed', question: 3, closeAt: 1_098_000 }, 1_098_001 + STALL_GRACE_MS, { kind: 'rehand', question: 3, phase: 'close' }],
  ])('%s', (_name, state, now, expected) => {
    expect(at(state, now)).toEqual(expected);
  });

  it('a reopened question gets the match’s whole window from now', () => {
    expect(reopenedWindow({ ...clock, maxMultiplier: 1.5 }, 5_000_000)).toEqual({ openAt: 5_000_000, closeAt: 5_045_000 });
  });
});
