import { questionOpenMs, questionSlot, type MatchClock } from './schedule.ts';
import { nextOpenAt, type StepPhase } from './steps.ts';

/**
 * Resuming a live match that a stop, a crash or a runner's timeout interrupted.
 * The runner keeps no state of its own: the stored match state (status, question, close)
 * says what the next step is and when it was due. A step overdue by more than the grace
 * has no runner (a live runner acts on time, give or take the bus's latency), so the
 * per-minute job hands it on again.
 */

/** How late a step may be before the per-minute job takes it as stalled. */
export const STALL_GRACE_MS = 20_000;

export interface StoredMatchState {
  status: 'waiting' | 'starting' | 'open' | 'closed' | 'finished';
  /** The question open or last closed (0 before the first). */
  question: number;
  closeAt: number | null;
}

/**
 * What the job does with a match, by its stored state:
 * - `reopen`: a question left open past its close (nobody could answer while the stack was
 *   down): it opens again with a fresh window; answers already stored keep their points, so
 *   nobody's score is damaged, and those kept out get their full window;
 * - `rehand`: the step of question `question` is handed again (the start not made, or a closed
 *   question not scored, not finished or not followed by the next);
 * - null: nothing is overdue.
 * `phase` is the step handed: `open` for the start and for a reopened question (announced
 * again), `close` for a closed question (scored again, idempotent, and handed on).
 */
export type ResumeAction = { kind: 'reopen' | 'rehand'; question: number; phase: StepPhase } | null;

export function stalledStep(state: StoredMatchState, clock: MatchClock, now: number): ResumeAction {
  const overdue = (due: number) => now > due + STALL_GRACE_MS;
  switch (state.status) {
    case 'starting':
      return overdue(questionSlot(clock, 1).openAt) ? { kind: 'rehand', question: 1, phase: 'open' } : null;
    case 'open':
      return state.closeAt !== null && overdue(state.closeAt) ? { kind: 'reopen', question: state.question, phase: 'open' } : null;
    case 'closed': {
      const due = state.question < clock.questionCount ? nextOpenAt(clock, state.question + 1, state.closeAt) : (state.closeAt ?? 0);
      return overdue(due) ? { kind: 'rehand', question: state.question, phase: 'close' } : null;
    }
    default:
      return null;
  }
}

/** The fresh window of a reopened question: from now, as long as the match's windows. */
export function reopenedWindow(clock: MatchClock, now: number): { openAt: number; closeAt: number } {
  return { openAt: now, closeAt: now + questionOpenMs(clock) };
}
