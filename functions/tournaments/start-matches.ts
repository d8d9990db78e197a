import { randomBytes } from 'node:crypto';
import type { Level, Subject } from '#shared/constants.ts';
import { isoWeekId } from '#shared/dates.ts';
import { QUESTION_LEAD_MS } from '#shared/tournaments/schedule.ts';
import { delaySecondsUntil } from '#shared/tournaments/steps.ts';
import { claimStart, putTournamentIfAbsent, tournamentsOfWeek, type StoredTournament } from './data/tournaments.ts';
import { drawQuestions, newTournament } from './ensure-week.ts';
import { sendStep } from './send-step.ts';

/** A match is handed to the step queue this long before its start (the job runs every minute). */
export const START_LEAD_MS = 70_000;

/**
 * Hands a waiting match to the step queue, once (a conditional claim): its first open, delayed
 * until the question's lead before the start (it is announced ahead and opens at the start), so
 * nothing waits for it.
 */
export async function startMatch(t: Pick<StoredTournament, 'id' | 'start_at'>, now: Date): Promise<boolean> {
  const seq = await claimStart(t.id);
  if (seq === null) return false;
  await sendStep({ tournamentId: t.id, question: 1, phase: 'open', seq }, delaySecondsUntil(Date.parse(t.start_at) - QUESTION_LEAD_MS, now.getTime()));
  return true;
}

/** Starts every waiting match of the week that is due within the lead and has players. */
export async function startDueMatches(now: Date): Promise<string[]> {
  const started: string[] = [];
  const due = (await tournamentsOfWeek(isoWeekId(now))).filter(
    (t) => t.match_status === 'waiting' && t.participants > 0 && Date.parse(t.start_at) <= now.getTime() + START_LEAD_MS && Date.parse(t.start_at) > now.getTime() - 10 * 60_000,
  );
  for (const t of due) if (await startMatch(t, now)) started.push(t.id);
  return started;
}

export interface QuickMatchOptions {
  startAt: Date;
  questionCount: number;
  windowMs: number;
  gapMs: number;
  capacity: number;
  subject: Subject;
  level: Level;
}

/**
 * A short tournament for demos and tests (the admin's quick match): the same data, rules and
 * runner as the weekly ones, with a start, length and windows of its own. The weekly
 * schedule keeps the product's numbers.
 */
export async function createQuickMatch(options: QuickMatchOptions, now: Date): Promise<StoredTournament> {
  const id = `quick-${randomBytes(6).toString('hex')}`;
  const questions = await drawQuestions(id, options, options.questionCount);
  if (questions.length === 0) throw new Error(`No questions in the ${options.subject} ${options.level} bank`);
  const tournament = newTournament(
    {
      id,
      week: isoWeekId(options.startAt),
      name: 'Quick Match',
      description: `A short live match: ${questions.length} questions.`,
      subject: options.subject,
      level: options.level,
      startAt: options.startAt.toISOString(),
      capacity: options.capacity,
      prize: 'Practice',
    },
    { questionCount: questions.length, kind: 'quick', window_ms: options.windowMs, gap_ms: options.gapMs },
    now,
  );
  await putTournamentIfAbsent(tournament, questions);
  return tournament;
}
