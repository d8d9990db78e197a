import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import type { MatchStatus } from '#shared/tournaments/api.ts';
import type { Standing } from '#shared/tournaments/schedule.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { IndexedQuestion } from '../../questions/data/question-bank.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { queryAll } from '../../data/paging.ts';
import * as keys from '../../data/table-keys.ts';
import { transactWrite, tryTransactWrite } from '../../data/transact.ts';

/**
 * Live tournaments. One partition per tournament (`TOURN#<id>`):
 * - `TOURN`: the tournament, its participant counter and the match state (each step of the
 *   match moves it with a conditional write keyed on the step number: a question opens once,
 *   closes once, and one step message is valid at a time);
 * - `QUESTIONS`: the questions with the answer key (server-side only, never listed);
 * - `PLAYER#<user>`: a registration (conditional: once per player, only while places are
 *   left, in one transaction with the counter) with the player's running score;
 * - `ANS#<question>#<user>`: an answer, stamped on arrival (conditional: once per question);
 * - `STANDINGS`: the ranking after the last closed question (top 10 and every player's rank).
 * A week's tournaments are one query on gsi1 (`TOURNWEEK#<week>`, by start); a player's
 * registrations one query on gsi2 (`TOURNPLAYER#<user>`), so Delete Account finds them.
 */
export type MatchPhase = MatchStatus | 'starting';

export interface StoredTournament {
  id: string;
  kind: 'weekly' | 'quick';
  week: string;
  name: string;
  description: string;
  subject: Subject;
  level: Level;
  start_at: string;
  capacity: number;
  participants: number;
  prize: string;
  entry_fee: number;
  question_count: number;
  window_ms: number;
  gap_ms: number;
  /** The longest live multiplier among the registered players (1 to 2); fixed when the match starts. */
  max_multiplier: number;
  match_status: MatchPhase;
  /** The question open or last closed (0 before the first). */
  match_question: number;
  open_at: string | null;
  close_at: string | null;
  created_at: string;
  /** When the resume job last re-handed or reopened a stalled step. */
  resumed_at?: string;
  /**
   * The step message that is valid now (shared/tournaments/steps.ts): every write that hands a
   * step moves it on by one, so a redelivered or replaced message finds another number and does
   * nothing. Absent on items from before it: 0.
   */
  step_seq?: number;
  /** When the players' "starts soon" alert was handed to the notify consumer. */
  alert_sent_at?: string;
}

export type StoredQuestion = IndexedQuestion & { level: Level };

export interface StoredPlayer extends Standing {
  email: string;
  /** The live multiplier in force for this player (1, 1.5 or 2). */
  multiplier: number;
  answered: number;
  /** The last question whose answer has been added to the score (the runner's idempotency mark). */
  scored_through: number;
}

export interface StoredAnswer {
  user_id: string;
  question: number;
  answer: string;
  at: string;
  elapsed_ms: number;
  correct: boolean;
  points: number;
}

export interface StoredStandings {
  number: number;
  correct_answer: string;
  top: { rank: number; user_id: string; player: string; score: number; correct: number }[];
  ranks: Record<string, number>;
  players: number;
}

const table = () => env().TABLE_NAME;
const pad = (n: number) => String(n).padStart(3, '0');

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...rest } = item;
  return rest as T;
}

/** Stores a tournament and its questions unless it exists (the first creation wins). */
export async function putTournamentIfAbsent(tournament: StoredTournament, questions: readonly StoredQuestion[]): Promise<boolean> {
  // A concurrent creation of the same match (a conflict) is "not created" too: the first one wins.
  return transactWrite(
    [
      {
        Put: {
          TableName: table(),
          Item: { type: 'tournament', ...tournament, ...keys.tournament(tournament.id), ...keys.tournamentOfWeek(tournament.week, tournament.start_at) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: table(), Item: { type: 'tournament-questions', questions, ...keys.tournamentQuestions(tournament.id) }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
    { falseOn: 'any' },
  );
}

export async function getTournament(id: string, consistent = false): Promise<StoredTournament | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.tournament(id), ConsistentRead: consistent }));
  return Item ? strip<StoredTournament>(Item) : undefined;
}

export async function getTournamentQuestions(id: string): Promise<StoredQuestion[]> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.tournamentQuestions(id) }));
  return (Item?.questions as StoredQuestion[] | undefined) ?? [];
}

/** A week's tournaments, by start: one query. */
export async function tournamentsOfWeek(week: string): Promise<StoredTournament[]> {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.tournamentOfWeek(week, '').gsi1pk }, Limit: 100 }),
  );
  return (Items ?? []).map((item) => strip<StoredTournament>(item));
}

/** The caller's registrations among these tournaments: one BatchGet. */
export async function playersOf(userId: string, tournamentIds: readonly string[]): Promise<Map<string, StoredPlayer>> {
  const found = new Map<string, StoredPlayer>();
  if (tournamentIds.length === 0) return found;
  // Keys DynamoDB leaves unprocessed are asked again: a player missing here would look unregistered.
  for (const item of await batchGetItems(tournamentIds.map((id) => keys.tournamentPlayer(id, userId)))) found.set(String(item.pk).slice('TOURN#'.length), strip<StoredPlayer>(item));
  return found;
}

export async function getPlayer(tournamentId: string, userId: string): Promise<StoredPlayer | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.tournamentPlayer(tournamentId, userId), ConsistentRead: true }));
  return Item ? strip<StoredPlayer>(Item) : undefined;
}

export type RegisterOutcome = 'registered' | 'full' | 'already_registered' | 'closed';

/**
 * Registers a player: the counter goes up only while below capacity and the match has not
 * finished, and the player item is new; both in one transaction, so under any concurrency
 * exactly `capacity` registrations succeed and nobody is counted twice.
 */
export async function register(tournament: StoredTournament, player: { userId: string; email: string; multiplier: number; at: string }): Promise<RegisterOutcome> {
  const item: StoredPlayer & Record<string, unknown> = {
    type: 'tournament-player',
    userId: player.userId,
    email: player.email,
    multiplier: player.multiplier,
    registeredAt: player.at,
    score: 0,
    correct: 0,
    timeMs: 0,
    answered: 0,
    scored_through: 0,
    ...keys.tournamentPlayer(tournament.id, player.userId),
    ...keys.tournamentOfPlayer(player.userId, tournament.id),
  };
  const cancelled = await tryTransactWrite([
    {
      Update: {
        TableName: table(),
        Key: keys.tournament(tournament.id),
        UpdateExpression: 'ADD participants :one',
        ConditionExpression: 'attribute_exists(pk) AND participants < #capacity AND match_status <> :finished',
        ExpressionAttributeNames: { '#capacity': 'capacity' },
        ExpressionAttributeValues: { ':one': 1, ':finished': 'finished' },
      },
    },
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  if (cancelled) {
    const [counter, playerItem] = cancelled.codes;
    if (playerItem === 'ConditionalCheckFailed') return 'already_registered';
    if (counter === 'ConditionalCheckFailed') {
      const now = await getTournament(tournament.id, true);
      return now && now.match_status === 'finished' ? 'closed' : 'full';
    }
    throw cancelled.error;
  }
  // The longest window among the players sets each question's close (only ever raised, before the start).
  if (player.multiplier > tournament.max_multiplier) {
    await conditional(
      new UpdateCommand({
        TableName: table(),
        Key: keys.tournament(tournament.id),
        UpdateExpression: 'SET max_multiplier = :m',
        ConditionExpression: 'max_multiplier < :m AND match_status = :waiting',
        ExpressionAttributeValues: { ':m': player.multiplier, ':waiting': 'waiting' },
      }),
    );
  }
  return 'registered';
}

/** Runs a conditional write; false when its condition did not hold. */
async function conditional(command: UpdateCommand | PutCommand): Promise<boolean> {
  try {
    await documentClient().send(command as UpdateCommand);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Marks the players' alert as sent, once (the job publishes first: a second event is harmless, the consumer keys by match). */
export const markAlertSent = (id: string, at: string): Promise<boolean> =>
  conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET alert_sent_at = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(alert_sent_at)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );

/** The stored step number (items from before it have none: 0). */
export const stepSeqOf = (t: Pick<StoredTournament, 'step_seq'>): number => t.step_seq ?? 0;

/** The condition that the stored step number is still `seq`, and its values (`:nextSeq` hands the next step). */
function sameStep(seq: number): { condition: string; values: Record<string, number> } {
  return { condition: seq === 0 ? '(attribute_not_exists(step_seq) OR step_seq = :seq)' : 'step_seq = :seq', values: { ':seq': seq, ':nextSeq': seq + 1 } };
}

/**
 * Claims the start of a waiting match (the start job or a test), once: the step number of the
 * first open it hands (the caller sends that message), or null when another caller started it.
 */
export async function claimStart(id: string): Promise<number | null> {
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.tournament(id),
        UpdateExpression: 'SET match_status = :starting, step_seq = if_not_exists(step_seq, :zero) + :one',
        ConditionExpression: 'match_status = :waiting',
        ExpressionAttributeValues: { ':starting': 'starting', ':waiting': 'waiting', ':zero': 0, ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.step_seq);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * Opens question `n` for step `seq`: only from the previous question's close (or the start) and
 * while the step is still `seq`, so a redelivery or a duplicate opens nothing twice. Hands on
 * step `seq + 1` (its close).
 */
export function openQuestion(id: string, n: number, openAt: string, closeAt: string, seq: number): Promise<boolean> {
  const step = sameStep(seq);
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET match_status = :open, match_question = :n, open_at = :openAt, close_at = :closeAt, step_seq = :nextSeq',
      ConditionExpression: `match_question = :previous AND match_status IN (:starting, :closed) AND ${step.condition}`,
      ExpressionAttributeValues: { ':open': 'open', ':n': n, ':openAt': openAt, ':closeAt': closeAt, ':previous': n - 1, ':starting': 'starting', ':closed': 'closed', ...step.values },
    }),
  );
}

/**
 * Closes question `n` (once) at its stored close, for step `seq`: from here its answers are
 * refused, and the step scores them. A question reopened meanwhile has another close and step,
 * so a close it replaced closes nothing. Hands on step `seq + 1`.
 */
export function closeQuestion(id: string, n: number, closeAt: string, seq: number): Promise<boolean> {
  const step = sameStep(seq);
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET match_status = :closed, step_seq = :nextSeq',
      ConditionExpression: `match_question = :n AND match_status = :open AND close_at = :closeAt AND ${step.condition}`,
      ExpressionAttributeValues: { ':closed': 'closed', ':n': n, ':open': 'open', ':closeAt': closeAt, ...step.values },
    }),
  );
}

/**
 * A step's claim where it moves no state of its own (a reopened question announced again, a
 * closed question scored again): question `n` still in `status` and the step still `seq`, once.
 */
export function claimStep(id: string, n: number, status: MatchPhase, seq: number): Promise<boolean> {
  const step = sameStep(seq);
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET step_seq = :nextSeq',
      ConditionExpression: `match_question = :n AND match_status = :status AND ${step.condition}`,
      ExpressionAttributeValues: { ':n': n, ':status': status, ...step.values },
    }),
  );
}

/**
 * Reopens question `n`, left open past its close (its close step lost or failed, or the local
 * host stopped), with a fresh window: only from the state the job read (the same close and
 * step), so two jobs reopen it once. Hands on step `seq + 1` (the reopened question's announcement).
 */
export function reopenQuestion(id: string, n: number, staleCloseAt: string, openAt: string, closeAt: string, now: string, seq: number): Promise<boolean> {
  const step = sameStep(seq);
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET open_at = :openAt, close_at = :closeAt, resumed_at = :now, step_seq = :nextSeq',
      ConditionExpression: `match_question = :n AND match_status = :open AND close_at = :stale AND ${step.condition}`,
      ExpressionAttributeValues: { ':n': n, ':open': 'open', ':stale': staleCloseAt, ':openAt': openAt, ':closeAt': closeAt, ':now': now, ...step.values },
    }),
  );
}

/**
 * Claims the re-handing of a stalled step, keyed on the stored state (question, status and step)
 * and at most once per `since`: concurrent jobs hand it on once; if that step stalls too, a
 * later run may hand it again. Hands on step `seq + 1`.
 */
export function claimResume(id: string, n: number, status: MatchPhase, seq: number, now: string, since: string): Promise<boolean> {
  const step = sameStep(seq);
  return conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET resumed_at = :now, step_seq = :nextSeq',
      ConditionExpression: `match_question = :n AND match_status = :status AND (attribute_not_exists(resumed_at) OR resumed_at < :since) AND ${step.condition}`,
      ExpressionAttributeValues: { ':n': n, ':status': status, ':now': now, ':since': since, ...step.values },
    }),
  );
}

/** A week's matches that have started and not finished (the resume job's candidates): started ones only, all pages. */
export async function unfinishedMatchesOf(week: string, now: Date): Promise<StoredTournament[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    FilterExpression: 'match_status IN (:starting, :open, :closed)',
    ExpressionAttributeValues: { ':pk': keys.tournamentOfWeek(week, '').gsi1pk, ':now': now.toISOString(), ':starting': 'starting', ':open': 'open', ':closed': 'closed' },
  });
  return items.map((item) => strip<StoredTournament>(item));
}

/** Finishes the match once the last question (`n`) is closed and scored. */
export const finishMatch = (id: string, n: number): Promise<boolean> =>
  conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournament(id),
      UpdateExpression: 'SET match_status = :finished',
      ConditionExpression: 'match_question = :n AND match_status = :closed',
      ExpressionAttributeValues: { ':finished': 'finished', ':n': n, ':closed': 'closed' },
    }),
  );

export type AnswerOutcome = 'stored' | 'duplicate' | 'not_open';

/**
 * Stores an answer stamped by the server, in one transaction with a check that question `n`
 * is still the open one. The runner closes a question before it reads its answers, so an
 * answer is either stored before the close (and scored) or refused: never accepted and lost.
 */
export async function putAnswer(tournamentId: string, answer: StoredAnswer): Promise<AnswerOutcome> {
  const cancelled = await tryTransactWrite([
    {
      ConditionCheck: {
        TableName: table(),
        Key: keys.tournament(tournamentId),
        ConditionExpression: 'match_status = :open AND match_question = :n',
        ExpressionAttributeValues: { ':open': 'open', ':n': answer.question },
      },
    },
    {
      Put: {
        TableName: table(),
        Item: { type: 'tournament-answer', ...answer, ...keys.tournamentAnswer(tournamentId, answer.question, answer.user_id) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!cancelled) return 'stored';
  const [open, put] = cancelled.codes;
  if (put === 'ConditionalCheckFailed') return 'duplicate';
  if (open === 'ConditionalCheckFailed') return 'not_open';
  throw cancelled.error;
}

export async function getAnswer(tournamentId: string, question: number, userId: string): Promise<StoredAnswer | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.tournamentAnswer(tournamentId, question, userId), ConsistentRead: true }));
  return Item ? strip<StoredAnswer>(Item) : undefined;
}

/** Every item of a partition whose sort key starts with `prefix`, all pages, strongly consistent. */
const itemsOfMatch = (tournamentId: string, prefix: string): Promise<Record<string, unknown>[]> =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.tournament(tournamentId).pk, ':prefix': prefix },
    ConsistentRead: true,
  });

export const answersOf = async (tournamentId: string, question: number): Promise<StoredAnswer[]> =>
  (await itemsOfMatch(tournamentId, `ANS#${pad(question)}#`)).map((item) => strip<StoredAnswer>(item));

export const playersOfTournament = async (tournamentId: string): Promise<StoredPlayer[]> =>
  (await itemsOfMatch(tournamentId, 'PLAYER#')).map((item) => strip<StoredPlayer>(item));

/**
 * Adds an answer's points to its player's score, once: conditional on the player's mark being
 * below this question, so a redelivered runner adds nothing.
 */
export const scoreAnswer = (tournamentId: string, answer: StoredAnswer): Promise<boolean> =>
  conditional(
    new UpdateCommand({
      TableName: table(),
      Key: keys.tournamentPlayer(tournamentId, answer.user_id),
      UpdateExpression: 'ADD #score :points, #correct :correct, #answered :one, #time :elapsed SET #through = :n',
      ConditionExpression: 'attribute_exists(pk) AND #through < :n',
      ExpressionAttributeNames: { '#score': 'score', '#correct': 'correct', '#answered': 'answered', '#time': 'timeMs', '#through': 'scored_through' },
      ExpressionAttributeValues: { ':points': answer.points, ':correct': answer.correct ? 1 : 0, ':one': 1, ':elapsed': answer.elapsed_ms, ':n': answer.question },
    }),
  );

export async function putStandings(tournamentId: string, standings: StoredStandings): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: table(), Item: { type: 'tournament-standings', ...standings, ...keys.tournamentStandings(tournamentId) } }));
}

/** Delete Account: the player's line leaves the saved standings (the others keep their ranks). */
export async function forgetPlayerInStandings(tournamentId: string, userId: string): Promise<void> {
  const standings = await getStandings(tournamentId);
  if (!standings || !(userId in standings.ranks || standings.top.some((t) => t.user_id === userId))) return;
  const { [userId]: _gone, ...ranks } = standings.ranks;
  await putStandings(tournamentId, { ...standings, ranks, top: standings.top.filter((t) => t.user_id !== userId) });
}

export async function getStandings(tournamentId: string): Promise<StoredStandings | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.tournamentStandings(tournamentId), ConsistentRead: true }));
  return Item ? strip<StoredStandings>(Item) : undefined;
}
