import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '#events/catalogue.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { shardOf } from '#shared/counter-shards.ts';
import type { LearnerStats } from '#shared/quiz/achievements.ts';
import { RULES } from '#shared/quiz/achievements.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { queryPrefix, queryUserRange } from '../../data/user-rows.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/**
 * A learner's progress, stats, active days and achievements. Every write here is either
 * guarded by a per-event marker in the same transaction or naturally idempotent, so a
 * redelivered or reordered QuizCompleted changes nothing the second time.
 */
type QuizCompleted = EventDetail<'QuizCompleted'>;

const MARKER_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Adds one attempt to the level's progress, the learner's stats and topic tallies; false if already added. */
export async function recordAttempt(consumer: string, e: QuizCompleted): Promise<boolean> {
  const table = env().TABLE_NAME;
  const percent = Math.round((e.score / e.total) * 100);
  const perfect = e.score === e.total;
  const counters = {
    fastQuizzes: e.timeSpentMs < RULES.speedDemonMs ? 1 : 0,
    quickQuizzes: e.timeSpentMs / e.total < RULES.quickThinkerAverageMs ? 1 : 0,
    perfectQuizzes: perfect ? 1 : 0,
    perfectCompetitions: perfect && e.mode === 'competition' ? 1 : 0,
    expertHighScores: e.level === 'expert' && percent >= RULES.expertAchieverPercent ? 1 : 0,
  };
  const cancelled = await tryTransactWrite([
    {
      Put: {
        TableName: table,
        Item: { ...keys.processedEvent(consumer, e.attemptId), type: 'processed-event', ttl: ttlSeconds(Date.now() + MARKER_KEEP_MS) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table,
        Key: keys.progress(e.userId, e.subject, e.level),
        UpdateExpression:
          'ADD quizzes :one, correct_answers :score, total_questions :total, score_sum :percent, points :points SET subject = :subject, #level = :level, user_id = :user',
        ExpressionAttributeNames: { '#level': 'level' },
        ExpressionAttributeValues: { ':one': 1, ':score': e.score, ':total': e.total, ':percent': percent, ':points': e.points, ':subject': e.subject, ':level': e.level, ':user': e.userId },
      },
    },
    {
      Update: {
        TableName: table,
        Key: keys.stats(e.userId),
        UpdateExpression: `ADD attempts :one, points :points, ${Object.keys(counters).map((k) => `${k} :${k}`).join(', ')}${perfect ? ', perfectSubjects :subjects' : ''}`,
        ExpressionAttributeValues: {
          ':one': 1,
          ':points': e.points,
          ...Object.fromEntries(Object.entries(counters).map(([k, v]) => [`:${k}`, v])),
          ...(perfect ? { ':subjects': new Set([e.subject]) } : {}),
        },
      },
    },
    {
      // Product-wide counters for the landing page, sharded so every finished round does not
      // write one item; the attempt picks the shard, so a redelivery meets its marker above.
      Update: {
        TableName: table,
        Key: keys.globalStats(shardOf(e.attemptId)),
        UpdateExpression: 'ADD quizzes :one, #correct :score, questions :total',
        ExpressionAttributeNames: { '#correct': 'correct' },
        ExpressionAttributeValues: { ':one': 1, ':score': e.score, ':total': e.total },
      },
    },
    ...e.topics.map((t) => ({
      Update: {
        TableName: table,
        Key: keys.topic(e.userId, t.subject, t.topic),
        UpdateExpression: 'ADD #correct :correct, #total :total',
        ExpressionAttributeNames: { '#correct': 'correct', '#total': 'total' },
        ExpressionAttributeValues: { ':correct': t.correct, ':total': t.total },
      },
    })),
  ]);
  if (cancelled?.codes[0] === 'ConditionalCheckFailed') return false;
  if (cancelled) throw cancelled.error;
  // Kept as the latest day seen, whatever order events arrive in.
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: table,
        Key: keys.progress(e.userId, e.subject, e.level),
        UpdateExpression: 'SET last_activity_date = :at',
        ConditionExpression: 'attribute_not_exists(last_activity_date) OR last_activity_date < :at',
        ExpressionAttributeValues: { ':at': e.completedAt },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
  return true;
}

export interface LevelProgressRow {
  subject: Subject;
  level: Level;
  quizzes: number;
  correct_answers: number;
  total_questions: number;
  score_sum: number;
  points: number;
  last_activity_date?: string;
}

export const levelProgressRows = async (userId: string) => (await queryPrefix(userId, 'PROGRESS#')) as unknown as LevelProgressRow[];

/** The learner's STATS item (counters only grow; absent means all zero). */
async function statsItem(userId: string, consistent = false) {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.stats(userId), ConsistentRead: consistent }));
  return Item;
}

export async function learnerTotals(userId: string): Promise<{ attempts: number; points: number }> {
  const stats = await statsItem(userId);
  return { attempts: Number(stats?.attempts ?? 0), points: Number(stats?.points ?? 0) };
}

export async function learnerStats(userId: string): Promise<LearnerStats & { points: number }> {
  const [stats, progress, topics] = await Promise.all([
    statsItem(userId, true),
    levelProgressRows(userId),
    queryPrefix(userId, 'TOPIC#'),
  ]);
  const topicMap: Record<string, Record<string, { correct: number; total: number }>> = {};
  for (const item of topics) {
    const [, subject, topic] = String(item.sk).split('#');
    (topicMap[subject!] ??= {})[topic!] = { correct: Number(item.correct ?? 0), total: Number(item.total ?? 0) };
  }
  const n = (name: string) => Number(stats?.[name] ?? 0);
  return {
    attempts: n('attempts'),
    points: n('points'),
    fastQuizzes: n('fastQuizzes'),
    quickQuizzes: n('quickQuizzes'),
    perfectQuizzes: n('perfectQuizzes'),
    perfectCompetitions: n('perfectCompetitions'),
    expertHighScores: n('expertHighScores'),
    perfectSubjects: [...((stats?.perfectSubjects as Set<Subject> | undefined) ?? [])],
    levelQuizzes: Object.fromEntries(progress.map((row) => [`${row.subject}#${row.level}`, Number(row.quizzes)])),
    topics: topicMap,
  };
}

/** Marks a calendar day active; putting the same day twice changes nothing. */
export async function markActiveDay(userId: string, day: string): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...keys.activeDay(userId, day), type: 'active-day', day } }));
}

/** The most recent active days, newest first; streaks are counted up to 400 days back. */
export async function recentActiveDays(userId: string): Promise<string[]> {
  return (await queryPrefix(userId, 'DAY#', { newestFirst: true, limit: 400 })).map((item) => String(item.day));
}

export async function saveStreak(userId: string, streak: { current: number; day: string }): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: env().TABLE_NAME, Item: { ...keys.streak(userId), type: 'streak', current: streak.current, day: streak.day } }),
  );
}

/** Unlocks each achievement not yet unlocked; returns the ones this call unlocked. */
export async function unlockAchievements(userId: string, ids: Iterable<string>, unlockedAt: string): Promise<string[]> {
  const unlocked: string[] = [];
  for (const id of ids) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: env().TABLE_NAME,
          Item: { ...keys.achievement(userId, id), type: 'achievement', user_id: userId, achievement_id: id, unlocked_at: unlockedAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      unlocked.push(id);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return unlocked;
}

export async function achievements(userId: string): Promise<{ achievement_id: string; unlocked_at: string }[]> {
  return (await queryPrefix(userId, 'ACH#')).map((item) => ({ achievement_id: String(item.achievement_id), unlocked_at: String(item.unlocked_at) }));
}

export async function recentAttempts(userId: string, limit: number) {
  return queryPrefix(userId, 'ATTEMPT#', { newestFirst: true, limit });
}

/** Attempts completed since an instant (a key-range query on the completion time). */
export const attemptsSince = (userId: string, since: Date) => queryUserRange(userId, `ATTEMPT#${since.toISOString()}`, 'ATTEMPT#~');
