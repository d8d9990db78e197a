import { randomBytes } from 'node:crypto';
import type { Profile } from '#shared/api.ts';
import { LEVELS, type Level, type Subject } from '#shared/constants.ts';
import { canPlayLevel } from '#shared/entitlements.ts';
import { COMPETITION, DEFAULT_ROUND_SIZE, QUIZ_MESSAGES, type StartRoundInput } from '#shared/quiz/contracts.ts';
import { selectIndexes, splitAcrossLevels } from '#shared/quiz/select-questions.ts';
import { allowedMs, type TimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { timeMultiplierOfProfile } from '../profile/data/profiles.ts';
import { getBankMeta, getQuestions, type IndexedQuestion } from '../questions/data/question-bank.ts';
import { type NewRound, type StoredRound } from './data/rounds.ts';
import { getSeenState } from './data/seen-tracking.ts';
import { NotFound } from '../lib/errors.ts';

/** Time-sortable, unguessable round id. */
export const newRoundId = () => `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;

/**
 * The levels a round draws from: the chosen one, and with difficulty progression the
 * harder ones the user may play, easiest first.
 */
function roundLevels(profile: Profile, request: StartRoundInput, now: Date): Level[] {
  if (request.mode !== 'competition' || !request.difficultyProgression) return [request.level];
  return LEVELS.slice(LEVELS.indexOf(request.level)).filter((level) => canPlayLevel(profile, level, now));
}

/**
 * A timed round's clock: the standard limit times the player's own multiplier, read from
 * the profile when the round starts (never from the request); no limit, no deadline.
 */
export function timedRound(startedAt: number, baseLimitSec: number, multiplier: TimeMultiplier): { deadline: number | null; timeMultiplier: TimeMultiplier } {
  const allowed = allowedMs(baseLimitSec * 1000, multiplier);
  return { deadline: allowed === null ? null : startedAt + allowed, timeMultiplier: multiplier };
}

/** Draws a fresh round: a fixed number of reads per level, however many questions the user has seen. */
export async function buildRound(profile: Profile, request: StartRoundInput, now: Date): Promise<NewRound> {
  const competition = request.mode === 'competition';
  const count = request.questionCount ?? (competition ? COMPETITION.defaultQuestionCount : DEFAULT_ROUND_SIZE);
  const levels = roundLevels(profile, request, now);
  const perLevel = splitAcrossLevels(count, levels.length);

  let generation = 0;
  const replace: Level[] = [];
  const drawn = await Promise.all(
    levels.map(async (level, i) => {
      const [meta, state] = await Promise.all([getBankMeta(request.subject, level), getSeenState(profile.user_id, request.subject, level)]);
      generation = Math.max(generation, state.generation);
      if (state.replace) replace.push(level);
      if (!meta) return [];
      const candidates = request.focus ? (meta.topics[request.focus] ?? []) : Object.values(meta.topics).flat();
      const indexes = selectIndexes({ candidates, seen: state.seen, count: perLevel[i]! });
      return (await getQuestions(request.subject, level, indexes)).map((question) => ({ ...question, level }));
    }),
  );
  const questions = drawn.flat();
  if (questions.length === 0) throw new NotFound(QUIZ_MESSAGES.noQuestions(request.subject, request.level));

  const startedAt = now.getTime();
  return {
    roundId: newRoundId(),
    userId: profile.user_id,
    subject: request.subject,
    level: request.level,
    mode: request.mode,
    questions,
    answers: [],
    startedAt,
    ...(competition ? timedRound(startedAt, request.timeLimitSec ?? COMPETITION.defaultTimeLimitSec, timeMultiplierOfProfile(profile)) : { deadline: null }),
    status: 'active',
    seenDrawn: { generation, replace },
  };
}

/** Questions of one bank drawn at random for no one in particular (a friend challenge's shared set). */
export async function drawQuestions(subject: Subject, level: Level, count: number): Promise<(IndexedQuestion & { level: Level })[]> {
  const meta = await getBankMeta(subject, level);
  if (!meta) return [];
  const indexes = selectIndexes({ candidates: Object.values(meta.topics).flat(), seen: new Set(), count });
  return (await getQuestions(subject, level, indexes)).map((question) => ({ ...question, level }));
}

/**
 * Retry Same Questions: a new round (new id, no answers, a fresh clock) over the questions
 * of one the caller played before. Built field by field, so nothing of the stored
 * original (its answers, result or table keys) carries over.
 */
export function replayRound(previous: StoredRound, request: StartRoundInput, now: Date, multiplier: TimeMultiplier): NewRound {
  const startedAt = now.getTime();
  const limitSec = request.timeLimitSec ?? COMPETITION.defaultTimeLimitSec;
  return {
    roundId: newRoundId(),
    userId: previous.userId,
    subject: previous.subject,
    level: previous.level,
    mode: previous.mode,
    questions: previous.questions,
    answers: [],
    startedAt,
    ...(previous.mode === 'competition' ? timedRound(startedAt, limitSec, multiplier) : { deadline: null }),
    status: 'active',
  };
}
