import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import type { QuizMode } from '#shared/quiz/scoring.ts';
import type { TimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { IndexedQuestion } from '../../questions/data/question-bank.ts';
import { getSeenState, seenWrite } from './seen-tracking.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { queryAll } from '../../data/paging.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/** A round in play, with its answer key; only the server reads it. */
export interface StoredAnswer {
  questionId: string;
  answer: string | null;
  correct: boolean;
  answeredAt: number;
}

export interface StoredRound {
  roundId: string;
  userId: string;
  subject: Subject;
  level: Level;
  mode: QuizMode;
  timeZone: string;
  questions: (IndexedQuestion & { level: Level })[];
  answers: StoredAnswer[];
  startedAt: number;
  /**
   * The player's time multiplier (from the profile) when a timed round started; the
   * deadline already includes it. Absent on untimed rounds and on rounds from before it.
   */
  timeMultiplier?: TimeMultiplier;
  deadline: number | null;
  /** `abandoned`: left unfinished past its time (shared/quiz/round-life.ts); no attempt is recorded. */
  status: 'active' | 'finished' | 'abandoned';
  /**
   * An ordinary round (not a daily challenge, friend challenge or offline pack): it counts
   * against the free daily limit when its first answer is accepted, and a start with the same
   * settings resumes it while it is open (shared/quiz/daily-limit.ts). Absent on older rounds.
   */
  countsAgainstLimit?: boolean;
  /** The focus topic it was drawn for, so only a start with the same focus resumes it. */
  focus?: string;
  /** Set by the first later finish of a finished round, which publishes QuizCompleted again in case the finishing request died before it did (complete-round.ts). */
  published?: boolean;
  /** The friend challenge this round plays, if any (its score is recorded there). */
  challengeId?: string;
  /** The daily challenge this round plays, if any (its completion is written with the round's). */
  daily?: { challengeId: string; date: string; bonusPoints: number };
  /**
   * Drawn from the seen sets (seen-tracking.ts): the generation read, and the levels whose
   * set was stale and is replaced at the finish. Absent on rounds not drawn from them.
   */
  seenDrawn?: { generation: number; replace: Level[] };
  result?: FinishedResult;
}

export interface FinishedResult {
  attemptId: string;
  score: number;
  total: number;
  percentage: number;
  points: number;
  timeSpentMs: number;
  incorrect: number;
  completedAt: string;
  /** A daily challenge round: the bonus (included in `points`) and the daily streak it reached. */
  daily?: { bonus: number; streak: number };
}

const ROUND_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** A round as drawn, before it is stored with the account's time zone. */
export type NewRound = Omit<StoredRound, 'timeZone'>;

/** One item of a transaction. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item written together with a new round (the account's time zone moving). */
export type WithRound = { Update: NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']> };

/**
 * Stores a new round; never overwrites one (a replay is a new item with its own id). With
 * `alongside`, both are written in one transaction; false when its condition failed.
 */
export async function putRound(round: StoredRound, alongside?: WithRound): Promise<boolean> {
  const put = {
    TableName: env().TABLE_NAME,
    // Keys last, so no field of the round can move the item.
    Item: { type: 'round', ...round, ...keys.round(round.userId, round.roundId), ttl: ttlSeconds(round.startedAt + ROUND_KEEP_MS) },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (!alongside) {
    await documentClient().send(new PutCommand(put));
    return true;
  }
  const cancelled = await tryTransactWrite([{ Put: put }, alongside]);
  if (!cancelled) return true;
  const reason = cancelled.codes[1];
  if (reason === 'ConditionalCheckFailed' || reason === 'TransactionConflict') return false;
  throw cancelled.error;
}

/** The round as stored, without the table's own attributes (keys, type, TTL). */
function fromItem(item: Record<string, unknown>): StoredRound {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...round } = item;
  return round as unknown as StoredRound;
}

/** The round's key and its item read alongside the caller's records (requireCallerWith): one request for both. */
export const roundKey = (userId: string, roundId: string) => keys.round(userId, roundId);
export const roundOf = (item: Record<string, unknown> | undefined): StoredRound | undefined => (item ? fromItem(item) : undefined);

export async function getRound(userId: string, roundId: string): Promise<StoredRound | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: keys.round(userId, roundId), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/**
 * Records the answer to question number `position` if the round is active and that
 * question is still unanswered: a double submit or a stale tab cannot answer twice.
 * With `counted` (a round's first answer counting against the daily limit), both are
 * written in one transaction: the round counts exactly once, and never past the limit.
 */
export async function appendAnswer(round: StoredRound, position: number, answer: StoredAnswer, counted?: TransactItem): Promise<'appended' | 'out_of_order' | 'limit' | 'conflict'> {
  const update = {
    TableName: env().TABLE_NAME,
    Key: keys.round(round.userId, round.roundId),
    UpdateExpression: 'SET answers = list_append(answers, :answer)',
    ConditionExpression: '#status = :active AND size(answers) = :position',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':answer': [answer], ':active': 'active', ':position': position },
  };
  if (!counted) {
    try {
      await documentClient().send(new UpdateCommand(update));
      return 'appended';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'out_of_order';
      throw error;
    }
  }
  const cancelled = await tryTransactWrite([{ Update: update }, counted]);
  if (!cancelled) return 'appended';
  const [roundReason, countReason] = cancelled.codes;
  if (roundReason === 'ConditionalCheckFailed') return 'out_of_order';
  if (countReason === 'ConditionalCheckFailed') return 'limit';
  // Another round's first answer counting at the same moment (or a double submit): worth another try.
  if (roundReason === 'TransactionConflict' || countReason === 'TransactionConflict') return 'conflict';
  throw cancelled.error;
}

/**
 * The caller's rounds still marked active that started since `since` (round ids begin with
 * their start time in base 36, so this is a key range; finished ones are filtered out).
 */
export async function activeRounds(userId: string, since: number): Promise<StoredRound[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.round(userId, '').pk,
      ':from': keys.round(userId, Math.max(0, since).toString(36)).sk,
      ':to': keys.round(userId, '\uffff').sk,
      ':active': 'active',
    },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/** Marks a round left unfinished (once; a round finished meanwhile stays finished). */
export async function markAbandoned(round: StoredRound): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.round(round.userId, round.roundId),
        UpdateExpression: 'SET #status = :abandoned',
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':abandoned': 'abandoned', ':active': 'active' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Finishes the round in one transaction: marks it finished (once), records the attempt
 * and adds its questions to the user's seen sets. Returns false if it was already finished
 * (or a concurrent finish of it was committing).
 */
export async function finishRound(
  round: StoredRound,
  result: FinishedResult,
  extraAnswers: StoredAnswer[],
  alongside: readonly TransactItem[] = [],
  /** The finish writes an answer too: only while that many are stored (a double submit finds one more). */
  answersStored?: number,
): Promise<boolean> {
  const table = env().TABLE_NAME;
  const seenByLevel = new Map<Level, Set<number>>();
  for (const question of round.questions) {
    const set = seenByLevel.get(question.level) ?? new Set<number>();
    set.add(question.index);
    seenByLevel.set(question.level, set);
  }
  const cancelled = await tryTransactWrite([
    {
      Update: {
        TableName: table,
        Key: keys.round(round.userId, round.roundId),
        UpdateExpression: 'SET #status = :finished, #result = :result, answers = list_append(answers, :extra)',
        ConditionExpression: answersStored === undefined ? '#status = :active' : '#status = :active AND size(answers) = :stored',
        ExpressionAttributeNames: { '#status': 'status', '#result': 'result' },
        ExpressionAttributeValues: {
          ':finished': 'finished',
          ':active': 'active',
          ':result': result,
          ':extra': extraAnswers,
          ...(answersStored === undefined ? {} : { ':stored': answersStored }),
        },
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...keys.attempt(round.userId, result.completedAt, round.roundId),
          type: 'attempt',
          attemptId: result.attemptId,
          user_id: round.userId,
          subject: round.subject,
          level: round.level,
          mode: round.mode,
          score: result.score,
          total_questions: result.total,
          time_spent: result.timeSpentMs,
          response_time: Math.round(result.timeSpentMs / Math.max(result.total, 1)),
          points: result.points,
          completed_at: result.completedAt,
          created_at: new Date(round.startedAt).toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...[...seenByLevel].map(([level, indexes]) => ({
      Update: seenWrite(
        round.userId,
        round.subject,
        level,
        indexes,
        result.completedAt,
        round.seenDrawn && { generation: round.seenDrawn.generation, replace: round.seenDrawn.replace.includes(level) },
      ),
    })),
    ...alongside,
  ]);
  if (!cancelled) return true;
  // Already finished, or another finish of the same round is committing right now, or an item
  // written alongside changed since it was read (a daily streak): the caller re-reads.
  if (cancelled.codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return false;
  throw cancelled.error;
}

export async function markPublished(round: StoredRound): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: keys.round(round.userId, round.roundId),
      UpdateExpression: 'SET published = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );
}

/** The indexes of a bank the user has already seen in the current generation (one read, whatever the number). */
export async function getSeen(userId: string, subject: Subject, level: Level): Promise<Set<number>> {
  return (await getSeenState(userId, subject, level)).seen;
}
