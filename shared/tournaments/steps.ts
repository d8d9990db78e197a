import { QUESTION_LEAD_MS, questionOpenMs, questionSlot, type MatchClock } from './schedule.ts';

/**
 * A live match as a chain of timed steps. Each step is one message on the
 * match-steps queue, sent with the delay until it is due, so nothing waits inside a Lambda:
 *
 * - `open` question n: due the lead (QUESTION_LEAD_MS) before its slot (or a pause after a late
 *   previous close); opens it at an instant at least the lead ahead, announced with the question;
 * - `close` question n: due at its stored close; closes it and scores it.
 *
 * A step names the stored `seq` it was handed for. Every write that hands a step (the start,
 * a step's own transition, the resume job's claim) moves `seq` on by one in the same conditional
 * write, so exactly one message is valid at a time: a redelivered or duplicated message, or one
 * that a resume replaced, finds another `seq` and does nothing. A step acting on the same `seq`
 * twice at once is stopped by its write's condition.
 */
export const STEP_PHASES = ['open', 'close'] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

export interface MatchStep {
  tournamentId: string;
  question: number;
  phase: StepPhase;
  seq: number;
}

export interface StepState {
  status: 'waiting' | 'starting' | 'open' | 'closed' | 'finished';
  /** The question open or last closed (0 before the first). */
  question: number;
  closeAt: number | null;
  seq: number;
}

/**
 * What a delivered step does, decided from the stored state alone:
 * - `skip`: not this message's turn any more (stale, duplicate, replaced by a resume, finished);
 * - `early`: delivered before its due instant (a delay past SQS's 15 minutes, a clock's skew):
 *   sent again with the rest of the delay, never waited for;
 * - `open`: opens question n at `openAt` (its slot, and at least the lead from now, so the push
 *   reaches everyone before it), for the match's window from then;
 * - `announce`: question n was reopened by the resume job: pushed again with its new window;
 * - `close`: closes question n at its stored close, scores it and hands on;
 * - `settle`: question n is closed but the resume job handed it again (its scoring or hand-on was
 *   cut short): scored again (idempotent) and handed on.
 */
export type StepPlan =
  | { kind: 'skip' }
  | { kind: 'early'; dueAt: number }
  | { kind: 'open'; openAt: number; closeAt: number }
  | { kind: 'announce' }
  | { kind: 'close' }
  | { kind: 'settle' };

export function planStep(step: Pick<MatchStep, 'question' | 'phase' | 'seq'>, state: StepState, clock: MatchClock, now: number): StepPlan {
  if (step.seq !== state.seq) return { kind: 'skip' };
  const n = step.question;
  if (step.phase === 'open') {
    const previousDone = state.question === n - 1 && (state.status === 'starting' || state.status === 'closed');
    if (previousDone) {
      const slotAt = nextOpenAt(clock, n, state.status === 'closed' ? state.closeAt : null);
      if (now < slotAt - QUESTION_LEAD_MS) return { kind: 'early', dueAt: slotAt - QUESTION_LEAD_MS };
      const openAt = Math.max(slotAt, now + QUESTION_LEAD_MS);
      return { kind: 'open', openAt, closeAt: openAt + questionOpenMs(clock) };
    }
    return state.question === n && state.status === 'open' ? { kind: 'announce' } : { kind: 'skip' };
  }
  if (state.question !== n) return { kind: 'skip' };
  if (state.status === 'open' && state.closeAt !== null) return now < state.closeAt ? { kind: 'early', dueAt: state.closeAt } : { kind: 'close' };
  return state.status === 'closed' ? { kind: 'settle' } : { kind: 'skip' };
}

/** When question `n` opens: on its slot, and never sooner than a pause after the previous close (a late or resumed question pushes the rest back). */
export function nextOpenAt(clock: MatchClock, n: number, previousCloseAt: number | null): number {
  return Math.max(questionSlot(clock, n).openAt, previousCloseAt === null ? Number.NEGATIVE_INFINITY : previousCloseAt + clock.gapMs);
}

/**
 * The step after question n's close: the next open, which opens a pause after the close at the
 * earliest (`opensAt`) and is due the lead before (`dueAt`), or none after the last.
 */
export function stepAfterClose(clock: MatchClock, n: number, closeAt: number): { question: number; phase: 'open'; dueAt: number; opensAt: number } | null {
  if (n >= clock.questionCount) return null;
  const opensAt = nextOpenAt(clock, n + 1, closeAt);
  return { question: n + 1, phase: 'open', dueAt: opensAt - QUESTION_LEAD_MS, opensAt };
}

/** SQS's longest delivery delay: a step due later arrives early and is sent again for the rest. */
export const MAX_DELAY_SECONDS = 900;

/**
 * The delay a step due at `dueAt` is sent with: whole seconds (SQS's unit), rounded up so it
 * never arrives before it is due; at most SQS's maximum.
 */
export function delaySecondsUntil(dueAt: number, now: number): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((dueAt - now) / 1000)));
}
