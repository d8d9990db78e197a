import { reopenedWindow, STALL_GRACE_MS, stalledStep } from '#shared/tournaments/resume.ts';
import { isoWeekId } from '#shared/dates.ts';
import { claimResume, reopenQuestion, unfinishedMatchesOf, type StoredTournament } from '../data/tournaments.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';
import { clockOf } from './views.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A re-handed step that stalls again is handed again after this long (at most once per run of the job). */
const RE_HAND_AFTER_MS = 60_000;

export interface ResumeDeps {
  /** Hands a step to the runner: the bus in both hosts. */
  hand: (tournamentId: string, question: number) => Promise<void>;
}
const defaultDeps: ResumeDeps = { hand: (tournamentId, question) => publish('LiveMatchStepDue', { tournamentId, question }) };

/**
 * The per-minute job's second duty: a started match whose next step is overdue
 * has no runner (the local host stopped, a process crashed, a Lambda timed out), so it is
 * resumed from its stored state: a question left open past its close opens again with a
 * fresh window (stored answers keep their points) and its runner is handed on (it pushes
 * the question again); any other
 * overdue step is handed to a runner again. Each is a conditional write on the state the
 * job read, so concurrent runs resume a match once and nothing opens twice.
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
  if (action.kind === 'reopen') {
    const window = reopenedWindow(clock, now.getTime());
    const iso = (ms: number) => new Date(ms).toISOString();
    // The runner handed on below pushes the reopened question (the mark this write sets), closes and scores it.
    if (!(await reopenQuestion(t.id, action.question, t.close_at!, iso(window.openAt), iso(window.closeAt), now.toISOString()))) return false;
  } else {
    const since = new Date(now.getTime() - RE_HAND_AFTER_MS).toISOString();
    if (!(await claimResume(t.id, t.match_question, t.match_status, now.toISOString(), since))) return false;
  }
  await deps.hand(t.id, action.question);
  log.warn('live match resumed', { tournamentId: t.id, ...action, status: t.match_status, overdueGraceMs: STALL_GRACE_MS });
  return true;
}
