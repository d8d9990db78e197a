import { reopenedWindow, STALL_GRACE_MS, stalledStep } from '#shared/tournaments/resume.ts';
import { isoWeekId } from '#shared/dates.ts';
import type { MatchStep } from '#shared/tournaments/steps.ts';
import { claimResume, reopenQuestion, stepSeqOf, unfinishedMatchesOf, type StoredTournament } from './data/tournaments.ts';
import { log } from '../lib/log.ts';
import { sendStep } from './send-step.ts';
import { clockOf } from './views.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A re-handed step that stalls again is handed again after this long (at most once per run of the job). */
const RE_HAND_AFTER_MS = 60_000;

export interface ResumeDeps {
  /** Hands a step to the match-steps queue, due now: SQS in AWS, the emulated queue locally, a record in tests. */
  send: (step: MatchStep, delaySeconds: number) => Promise<void>;
}
const defaultDeps: ResumeDeps = { send: sendStep };

/**
 * The per-minute job's second duty: a started match whose next step is overdue has no message
 * on the way (a step failed after its write, a message was lost, the local host stopped), so it
 * is resumed from its stored state: a question left open past its close opens again with a fresh
 * window (stored answers keep their points) and is handed as an open step (announced again, then
 * closed); any other overdue step is handed again. Each is a conditional write on the state and
 * step number the job read, which also makes every older message of the match stale: concurrent
 * runs resume a match once, and nothing opens twice.
 */
export async function resumeStalledMatches(now: Date, deps: ResumeDeps = defaultDeps): Promise<string[]> {
  // This week's and last week's (a match may run over the week's end).
  const weeks = [...new Set([isoWeekId(now), isoWeekId(new Date(now.getTime() - WEEK_MS))])];
  const matches = (await Promise.all(weeks.map((week) => unfinishedMatchesOf(week, now)))).flat();
  const resumed: string[] = [];
  for (const t of matches) if (await resumeOne(t, now, deps)) resumed.push(t.id);
  return resumed;
}

async function resumeOne(t: StoredTournament, now: Date, deps: ResumeDeps): Promise<boolean> {
  const clock = clockOf(t);
  const action = stalledStep({ status: t.match_status, question: t.match_question, closeAt: t.close_at ? Date.parse(t.close_at) : null }, clock, now.getTime());
  if (!action) return false;
  const seq = stepSeqOf(t);
  if (action.kind === 'reopen') {
    const window = reopenedWindow(clock, now.getTime());
    const iso = (ms: number) => new Date(ms).toISOString();
    if (!(await reopenQuestion(t.id, action.question, t.close_at!, iso(window.openAt), iso(window.closeAt), now.toISOString(), seq))) return false;
  } else {
    const since = new Date(now.getTime() - RE_HAND_AFTER_MS).toISOString();
    if (!(await claimResume(t.id, t.match_question, t.match_status, seq, now.toISOString(), since))) return false;
  }
  await deps.send({ tournamentId: t.id, question: action.question, phase: action.phase, seq: seq + 1 }, 0);
  log.warn('live match resumed', { tournamentId: t.id, ...action, status: t.match_status, overdueGraceMs: STALL_GRACE_MS });
  return true;
}
