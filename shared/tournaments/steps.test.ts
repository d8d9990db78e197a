import { describe, expect, it } from 'vitest';
import { QUESTION_LEAD_MS, type MatchClock } from './schedule.ts';
import { delaySecondsUntil, MAX_DELAY_SECONDS, nextOpenAt, planStep, stepAfterClose, type MatchStep, type StepState } from './steps.ts';

/** The lead (whole seconds, under the 4 s pause). */
const L = QUESTION_LEAD_MS;
const clock: MatchClock = { startAt: 1_000_000, questionCount: 3, windowMs: 30_000, gapMs: 4_000, maxMultiplier: 1 };
// Slots: q1 opens 1,000,000 closes 1,030,000; q2 opens 1,034,000 closes 1,064,000; q3 opens 1,068,000 closes 1,098,000.

describe('next open (a late close pushes the rest back by a pause)', () => {
  it.each([
    [1, null, 1_000_000],
    [2, 1_030_000, 1_034_000], // on time: the slot
    [2, 1_020_000, 1_034_000], // never before the slot
    [2, 1_500_000, 1_504_000], // a resumed question closed late: a pause after it
  ])('question %i after a close at %j opens at %i', (n, previousClose, expected) => {
    expect(nextOpenAt(clock, n, previousClose)).toBe(expected);
  });
});

describe('what a delivered step does, from the stored state alone', () => {
  const open = (question: number, seq: number) => ({ question, phase: 'open' as const, seq });
  const close = (question: number, seq: number) => ({ question, phase: 'close' as const, seq });
  it.each<[string, Pick<MatchStep, 'question' | 'phase' | 'seq'>, StepState, number, ReturnType<typeof planStep>]>([
    ['the first open, due the lead before its slot: opens on the slot, announced ahead', open(1, 1), { status: 'starting', question: 0, closeAt: null, seq: 1 }, 1_000_000 - L, { kind: 'open', openAt: 1_000_000, closeAt: 1_030_000 }],
    ['the first open, delivered at its slot: opens the lead from now, a full window from then', open(1, 1), { status: 'starting', question: 0, closeAt: null, seq: 1 }, 1_000_000, { kind: 'open', openAt: 1_000_000 + L, closeAt: 1_030_000 + L }],
    ['the first open, a second late: still announced the lead ahead', open(1, 1), { status: 'starting', question: 0, closeAt: null, seq: 1 }, 1_000_900, { kind: 'open', openAt: 1_000_900 + L, closeAt: 1_030_900 + L }],
    ['the first open, early: sent again for the lead before its slot', open(1, 1), { status: 'starting', question: 0, closeAt: null, seq: 1 }, 999_000 - L, { kind: 'early', dueAt: 1_000_000 - L }],
    ['the next open waits for the pause after the close, less the lead', open(2, 2), { status: 'closed', question: 1, closeAt: 1_031_000, seq: 2 }, 1_034_500 - L, { kind: 'early', dueAt: 1_035_000 - L }],
    ['the next open, due', open(2, 2), { status: 'closed', question: 1, closeAt: 1_030_000, seq: 2 }, 1_034_000 - L, { kind: 'open', openAt: 1_034_000, closeAt: 1_064_000 }],
    ['a close, due', close(1, 2), { status: 'open', question: 1, closeAt: 1_030_000, seq: 2 }, 1_030_000, { kind: 'close' }],
    ['a close, early: never before the stored close', close(1, 2), { status: 'open', question: 1, closeAt: 1_030_000, seq: 2 }, 1_029_999, { kind: 'early', dueAt: 1_030_000 }],
    ['a redelivered open (the seq moved on)', open(1, 1), { status: 'open', question: 1, closeAt: 1_030_000, seq: 2 }, 1_000_100, { kind: 'skip' }],
    ['a redelivered close', close(1, 2), { status: 'closed', question: 1, closeAt: 1_030_000, seq: 3 }, 1_030_100, { kind: 'skip' }],
    ['a close a reopen replaced', close(1, 2), { status: 'open', question: 1, closeAt: 1_200_000, seq: 3 }, 1_030_000, { kind: 'skip' }],
    ['a reopened question, handed as open: announced again', open(1, 3), { status: 'open', question: 1, closeAt: 1_200_000, seq: 3 }, 1_170_000, { kind: 'announce' }],
    ['a closed question handed again: scored again and handed on', close(1, 3), { status: 'closed', question: 1, closeAt: 1_030_000, seq: 3 }, 1_060_000, { kind: 'settle' }],
    ['a finished match', close(3, 7), { status: 'finished', question: 3, closeAt: 1_098_000, seq: 7 }, 1_100_000, { kind: 'skip' }],
    ['a step for another question', open(3, 2), { status: 'closed', question: 1, closeAt: 1_030_000, seq: 2 }, 1_100_000, { kind: 'skip' }],
  ])('%s', (_name, step, state, now, expected) => {
    expect(planStep(step, state, clock, now)).toEqual(expected);
  });

  it('hands the next open after a close, and nothing after the last', () => {
    expect(stepAfterClose(clock, 1, 1_030_000)).toEqual({ question: 2, phase: 'open', dueAt: 1_034_000 - L, opensAt: 1_034_000 });
    expect(stepAfterClose(clock, 3, 1_098_000)).toBeNull();
  });
});

describe('a step’s delay', () => {
  it.each([
    [1_000_000, 1_000_000, 0],
    [1_000_000, 1_000_500, 0], // overdue: at once
    [1_000_001, 1_000_000, 1], // rounded up: never early
    [1_034_000, 1_000_000, 34],
    [1_000_000 + 3_600_000, 1_000_000, MAX_DELAY_SECONDS], // past SQS's maximum: arrives early, sent again
  ])('due %i at %i: %i s', (dueAt, now, seconds) => {
    expect(delaySecondsUntil(dueAt, now)).toBe(seconds);
  });
});

/**
 * A whole match on a fake clock and an in-memory queue: the clock only moves when a message's
 * delay has passed, so the figures below are what the steps cost, with nothing waiting in between.
 */
describe('a 10-question match as timed steps', () => {
  const match: MatchClock = { startAt: 0, questionCount: 10, windowMs: 30_000, gapMs: 4_000, maxMultiplier: 1 };

  function play(options: { duplicate?: boolean } = {}) {
    let state: StepState = { status: 'starting', question: 0, closeAt: null, seq: 1 };
    // The start hands the first open the lead before the start (start-matches.ts).
    const queue: { step: MatchStep; visibleAt: number }[] = [{ step: { tournamentId: 't', question: 1, phase: 'open', seq: 1 }, visibleAt: -QUESTION_LEAD_MS }];
    const delays: number[] = [];
    const done: string[] = [];
    const opened: number[] = [];
    let now = -QUESTION_LEAD_MS;
    const send = (step: MatchStep, dueAt: number) => {
      const delay = delaySecondsUntil(dueAt, now);
      delays.push(delay);
      queue.push({ step, visibleAt: now + delay * 1000 });
      // SQS delivers at least once: the same message again, at the same time.
      if (options.duplicate) queue.push({ step, visibleAt: now + delay * 1000 });
    };
    while (queue.length) {
      queue.sort((a, b) => a.visibleAt - b.visibleAt);
      const { step, visibleAt } = queue.shift()!;
      now = Math.max(now, visibleAt);
      const plan = planStep(step, state, match, now);
      if (plan.kind === 'skip') continue;
      const next = state.seq + 1;
      if (plan.kind === 'open') {
        state = { status: 'open', question: step.question, closeAt: plan.closeAt, seq: next };
        done.push(`open ${step.question}`);
        opened.push(plan.openAt);
        send({ ...step, phase: 'close', seq: next }, plan.closeAt);
      } else if (plan.kind === 'close') {
        state = { ...state, status: 'closed', seq: next };
        done.push(`close ${step.question}`);
        const after = stepAfterClose(match, step.question, state.closeAt!);
        if (after) send({ ...step, question: after.question, phase: 'open', seq: next }, after.dueAt);
        else state = { ...state, status: 'finished' };
      } else if (plan.kind === 'early') {
        send(step, plan.dueAt);
      } else {
        throw new Error(`unexpected ${plan.kind}`);
      }
    }
    return { state, delays, done, opened, endedAt: now };
  }

  it('opens and closes each question once, on its slot, each step handing the next with the delay until it is due', () => {
    const { state, delays, done, opened, endedAt } = play();
    expect(done).toEqual(Array.from({ length: 10 }, (_, i) => [`open ${i + 1}`, `close ${i + 1}`]).flat());
    expect(state.status).toBe('finished');
    // A window and the lead, then the rest of the pause, nine times, then the last window: no step waits in a Lambda.
    expect(delays).toEqual([30 + L / 1000, ...Array.from({ length: 9 }, () => [4 - L / 1000, 30 + L / 1000]).flat()]);
    // Each question opens on its slot: announcing it ahead moves nothing in the schedule.
    expect(opened).toEqual(Array.from({ length: 10 }, (_, i) => i * 34_000));
    expect(endedAt).toBe(10 * 30_000 + 9 * 4_000);
  });

  it('plays the same match when every message is delivered twice', () => {
    const once = play();
    const twice = play({ duplicate: true });
    expect(twice.done).toEqual(once.done);
    expect(twice.state).toEqual(once.state);
  });
});
