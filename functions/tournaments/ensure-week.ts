import { selectIndexes } from '#shared/quiz/select-questions.ts';
import { isoWeekId } from '#shared/dates.ts';
import { seededRandom } from '#shared/hashing.ts';
import {
  QUESTION_GAP_MS,
  QUESTION_WINDOW_MS,
  TOURNAMENT_ENTRY_FEE,
  TOURNAMENT_QUESTION_COUNT,
  tournamentsOfWeek as plannedTournaments,
  type PlannedTournament,
} from '#shared/tournaments/schedule.ts';
import { getBankMeta, getQuestions } from '../questions/data/question-bank.ts';
import { putTournamentIfAbsent, tournamentsOfWeek, type StoredQuestion, type StoredTournament } from './data/tournaments.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Draws a tournament's questions from its bank, seeded by its id (the same whoever draws). */
export async function drawQuestions(id: string, t: Pick<PlannedTournament, 'subject' | 'level'>, count: number): Promise<StoredQuestion[]> {
  const meta = await getBankMeta(t.subject, t.level);
  if (!meta) return [];
  const candidates = [...new Set(Object.values(meta.topics).flat())].sort((a, b) => a - b);
  const indexes = selectIndexes({ candidates, seen: new Set(), count, random: seededRandom(id) });
  return (await getQuestions(t.subject, t.level, indexes)).map((q) => ({ ...q, level: t.level }));
}

export function newTournament(planned: Omit<PlannedTournament, 'weekday' | 'time' | 'slug'>, extra: Partial<StoredTournament> & { questionCount: number }, now: Date): StoredTournament {
  return {
    id: planned.id,
    kind: 'weekly',
    week: planned.week,
    name: planned.name,
    description: planned.description,
    subject: planned.subject,
    level: planned.level,
    start_at: planned.startAt,
    capacity: planned.capacity,
    participants: 0,
    prize: planned.prize,
    entry_fee: TOURNAMENT_ENTRY_FEE,
    question_count: extra.questionCount,
    window_ms: QUESTION_WINDOW_MS,
    gap_ms: QUESTION_GAP_MS,
    max_multiplier: 1,
    match_status: 'waiting',
    match_question: 0,
    open_at: null,
    close_at: null,
    step_seq: 0,
    created_at: now.toISOString(),
    ...extra,
  };
}

/**
 * Makes sure the week holding `at` has the schedule's tournaments (idempotent: each is a
 * conditional put, what exists is kept). Returns the week's tournaments and how many were made.
 */
export async function ensureWeek(at: Date, now: Date): Promise<{ tournaments: StoredTournament[]; created: number }> {
  const week = isoWeekId(at);
  const existing = await tournamentsOfWeek(week);
  const have = new Set(existing.map((t) => t.id));
  let created = 0;
  for (const planned of plannedTournaments(at)) {
    if (have.has(planned.id)) continue;
    const questions = await drawQuestions(planned.id, planned, TOURNAMENT_QUESTION_COUNT);
    if (questions.length === 0) continue;
    if (await putTournamentIfAbsent(newTournament(planned, { questionCount: questions.length }, now), questions)) created += 1;
  }
  return { tournaments: created > 0 ? await tournamentsOfWeek(week) : existing, created };
}

/** This week's and the coming week's tournaments, made if missing (the weekly schedule, shared/tournaments/schedule.ts). */
export async function ensureCurrentWeeks(now: Date): Promise<{ tournaments: StoredTournament[]; created: number }> {
  const [current, next] = await Promise.all([ensureWeek(now, now), ensureWeek(new Date(now.getTime() + WEEK_MS), now)]);
  return { tournaments: [...current.tournaments, ...next.tournaments], created: current.created + next.created };
}
