import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Level } from '#shared/constants.ts';
import type { DailyChallenge, DailyProgress } from '#shared/social/daily-challenge.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import type { IndexedQuestion } from '../../questions/data/question-bank.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Daily challenges (docs/social.md): one item per day and level holding its questions with
 * the answer key (server-side only), and per player a progress item for the day and one
 * streak item (the last completed day). Both of the player's items live in the user's
 * partition, so Delete Account removes them with it.
 */
export interface StoredDailyChallenge extends DailyChallenge {
  questions: (IndexedQuestion & { level: Level })[];
  created_at: string;
}

export interface StoredDailyProgress extends DailyProgress {
  challenge_id: string;
  round_id: string;
  started_at: string;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => env().TABLE_NAME;

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as T;
}

/** Stores a day's challenge unless one exists: the first generation wins, so generating again changes nothing. */
export async function putDailyChallengeIfAbsent(challenge: StoredDailyChallenge): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { type: 'daily-challenge', ...challenge, ...keys.dailyChallenge(challenge.date, challenge.level) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getDailyChallenge(date: string, level: Level): Promise<StoredDailyChallenge | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.dailyChallenge(date, level) }));
  return Item ? strip<StoredDailyChallenge>(Item) : undefined;
}

export async function getDailyProgress(userId: string, date: string): Promise<StoredDailyProgress | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.dailyProgress(userId, date), ConsistentRead: true }));
  return Item ? strip<StoredDailyProgress>(Item) : undefined;
}

/**
 * Claims the day for one round (docs/social.md: starting inserts a progress row, completed
 * false). Conditional, so of two concurrent starts one claims and the other resumes it.
 */
export async function claimDailyRound(userId: string, challenge: DailyChallenge, roundId: string, now: Date): Promise<boolean> {
  const progress: StoredDailyProgress = {
    challenge_id: challenge.id,
    challenge_date: challenge.date,
    round_id: roundId,
    started_at: now.toISOString(),
    completed: false,
    score: null,
    total_questions: challenge.question_count,
    bonus_earned: 0,
    streak_count: 0,
    completed_at: null,
    round_points: null,
  };
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { type: 'daily-progress', user_id: userId, ...progress, ...keys.dailyProgress(userId, challenge.date) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export interface DailyStreak {
  day: string;
  streak: number;
}

export async function getDailyStreak(userId: string): Promise<DailyStreak | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.dailyStreak(userId), ConsistentRead: true }));
  return Item ? { day: String(Item.day), streak: Number(Item.streak) } : undefined;
}

export interface DailyCompletion {
  userId: string;
  date: string;
  roundId: string;
  score: number;
  total: number;
  roundPoints: number;
  bonus: number;
  streak: number;
  completedAt: string;
  /** The streak item as read before; the write is conditional on it (a concurrent change retries). */
  previous: DailyStreak | undefined;
}

/**
 * The writes that complete a day, for the round's finishing transaction: the progress item
 * (only while not completed and only by the round that claimed it) and the streak item
 * (only if unchanged since it was read, and never moved back to an earlier day).
 */
export function completionItems(c: DailyCompletion): TransactItem[] {
  const progress: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.dailyProgress(c.userId, c.date),
      UpdateExpression: 'SET completed = :true, score = :score, total_questions = :total, bonus_earned = :bonus, streak_count = :streak, completed_at = :at, round_points = :points',
      ConditionExpression: 'completed = :false AND round_id = :round',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':score': c.score, ':total': c.total, ':bonus': c.bonus, ':streak': c.streak, ':at': c.completedAt, ':points': c.roundPoints, ':round': c.roundId },
    },
  };
  if (c.previous && c.previous.day >= c.date) return [progress];
  const streak: TransactItem = {
    Put: {
      TableName: table(),
      Item: { type: 'daily-streak', ...keys.dailyStreak(c.userId), day: c.date, streak: c.streak },
      ...(c.previous
        ? { ConditionExpression: '#day = :day AND streak = :streak', ExpressionAttributeNames: { '#day': 'day' }, ExpressionAttributeValues: { ':day': c.previous.day, ':streak': c.previous.streak } }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
  };
  return [progress, streak];
}
