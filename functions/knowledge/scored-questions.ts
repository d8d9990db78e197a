import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '#shared/api.ts';
import { DEFAULT_MAX_RESULTS } from '#shared/knowledge/similarity.ts';
import { isRoundOpen, ROUND_MAX_MS } from '#shared/quiz/round-life.ts';
import { revealsScored, type PassageLike, type ScoredQuestion } from '#shared/study-help/scored-questions.ts';
import { isoWeekId } from '#shared/dates.ts';
import type { KnowledgeBase } from '../ai/types.ts';
import { getDailyChallenge, getDailyProgress } from '../daily/data/daily-challenges.ts';
import { activeRounds } from '../quiz/data/rounds.ts';
import * as keys from '../data/table-keys.ts';
import { getTournamentQuestions, playersOf, type StoredTournament } from '../tournaments/data/tournaments.ts';
import { callerDay } from '../daily/daily-view.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

/**
 * The questions that can still earn the caller points right now, from stored
 * state, in a few bounded reads; every study-help route (tutor, similar questions,
 * explanations, videos) holds these back from that caller:
 * - unanswered questions of the caller's rounds still open (practice and competition rounds,
 *   friend challenges, the daily challenge: all of them award points and count on the
 *   leaderboards; shared/quiz/round-life.ts says how long a round is open): one query over
 *   the rounds started in the last day;
 * - today's daily challenge not yet started or completed (its questions are fixed for the day);
 * - the open question of a live match the caller is registered in.
 * Practice study help opens again as soon as a question is answered: the round has then shown
 * the answer itself.
 */

/** The longest live match: 25 questions of up to 60 s × 2 plus gaps is under an hour; 2 h to spare. */
const MATCH_WINDOW_MS = 2 * 60 * 60 * 1000;

export async function scoredQuestionsFor(profile: Profile, now = new Date()): Promise<ScoredQuestion[]> {
  if (profile.role !== 'student' && profile.role !== 'admin') return [];
  const found = (await Promise.all([inActiveRounds(profile.user_id, now), inTodaysChallenge(profile, now), inLiveMatches(profile.user_id, now)])).flat();
  const byId = new Map(found.map((q) => [q.id, q]));
  return [...byId.values()];
}

/** Leaves out the passages that would give a scored question away. */
export function withoutScored<P extends PassageLike>(passages: readonly P[], scored: readonly ScoredQuestion[]): P[] {
  return scored.length === 0 ? [...passages] : passages.filter((p) => !revealsScored(p, scored));
}

async function inActiveRounds(userId: string, now: Date): Promise<ScoredQuestion[]> {
  // A round takes answers for at most a day (shared/quiz/round-life.ts), so only rounds started
  // since then are read, every page (a count limit could be flooded with newer rounds).
  const rounds = await activeRounds(userId, now.getTime() - ROUND_MAX_MS);
  return rounds
    .filter((r) => r.daily !== undefined || isRoundOpen(r, now.getTime()))
    .flatMap((r) => {
      const mode = r.daily ? 'daily challenge' : r.challengeId ? 'friend challenge' : 'quiz round';
      return r.questions.slice(r.answers.length).map((q) => ({ id: q.id, question: q.question, answer: q.correct_answer, mode }) as const);
    });
}

async function inTodaysChallenge(profile: Profile, now: Date): Promise<ScoredQuestion[]> {
  const today = callerDay(profile, profile.time_zone ?? 'UTC', now);
  const [progress, challenge] = await Promise.all([getDailyProgress(profile.user_id, today.date), getDailyChallenge(today.date, today.level)]);
  // Started: its round is in play (above); completed: nothing left to score.
  if (progress || !challenge) return [];
  return challenge.questions.map((q) => ({ id: q.id, question: q.question, answer: q.correct_answer, mode: 'daily challenge' }) as const);
}

async function inLiveMatches(userId: string, now: Date): Promise<ScoredQuestion[]> {
  const from = new Date(now.getTime() - MATCH_WINDOW_MS);
  const weeks = [...new Set([isoWeekId(from), isoWeekId(now)])];
  const started = (await Promise.all(weeks.map((week) => matchesStartedBetween(week, from, now)))).flat();
  const open = started.filter((t) => t.match_status === 'open' && t.close_at !== null && Date.parse(t.close_at) > now.getTime() && t.match_question > 0);
  if (open.length === 0) return [];
  const registered = await playersOf(userId, open.map((t) => t.id));
  const mine = open.filter((t) => registered.has(t.id));
  const questions = await Promise.all(mine.map(async (t) => (await getTournamentQuestions(t.id))[t.match_question - 1]));
  return questions.flatMap((q) => (q ? [{ id: q.id, question: q.question, answer: q.correct_answer, mode: 'live match' } as const] : []));
}

/** A week's matches that started in [from, to]: one bounded query on gsi1 (by start). */
async function matchesStartedBetween(week: string, from: Date, to: Date): Promise<StoredTournament[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.tournamentOfWeek(week, '').gsi1pk, ':from': from.toISOString(), ':to': to.toISOString() },
      Limit: 100,
    }),
  );
  return (Items ?? []) as StoredTournament[];
}

/**
 * A knowledge base that never returns a passage giving a scored question away: it asks for a
 * few more results and drops those (the tutor and explanations search through this).
 * `onHeld` hears when something was dropped (an explanation written so is not shared).
 */
export function guardedKnowledgeBase(kb: KnowledgeBase, scored: readonly ScoredQuestion[], onHeld?: () => void): KnowledgeBase {
  if (scored.length === 0) return kb;
  return {
    search: async (options) => {
      const max = options.maxResults ?? DEFAULT_MAX_RESULTS;
      const found = await kb.search({ ...options, maxResults: max + SPARE_RESULTS });
      const kept = withoutScored(found, scored);
      if (kept.length < found.length) onHeld?.();
      return kept.slice(0, max);
    },
  };
}

const SPARE_RESULTS = 5;
