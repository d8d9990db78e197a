import { createHash } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { utcDate } from '#shared/dates.ts';
import { accountIncrements, quizDayIncrements, quizTotalsIncrements, windowDays, type AccountChange, type Counters, type HistoryCounters, type PastQuiz, type QuizFacts } from '#shared/admin/stats.ts';
import { ROLES, SUBJECTS, type Role, type Subject } from '#shared/constants.ts';
import { allShards, shardOf, sumShards } from '#shared/counter-shards.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { putItems } from '../../data/batch-write.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';
import { scanPages } from '../../data/paging.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { tryTransactWrite } from '../../data/transact.ts';

/**
 * The admin statistics' counters: a totals counter and one counter per UTC day, each sharded
 * over COUNTER_SHARDS items (shared/counter-shards.ts) so a busy day's rounds do not all write
 * one item; added to by the aggregate-admin-stats consumer (once per event, see
 * processed-events.ts) and read by the overview in one BatchGet of 8 counters × the shards,
 * whatever the number of users. Shard 0 is the item from before sharding: nothing to migrate.
 */

let partition = 'ADMINSTATS';
/**
 * Handler tests share one table with every other test file, whose plays reach the same
 * consumer through the local bus; a test counts into a partition of its own instead.
 */
export function useStatsPartitionForTests(name: string): void {
  partition = name;
}

/** A day's "played today" markers live 8 days: long enough for the 7-day window. */
const MARK_KEEP_MS = 8 * 24 * 60 * 60 * 1000;

function addExpression(increments: Counters) {
  const entries = Object.entries(increments).filter(([, value]) => value !== 0);
  return {
    UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:c${i}`, value])),
    empty: entries.length === 0,
  };
}

const update = (Key: Record<string, string>, increments: Counters) => {
  const { empty: _empty, ...expression } = addExpression(increments);
  return { Update: { TableName: env().TABLE_NAME, Key, ...expression } };
};

/**
 * A completed quiz: the totals, its subject and its day, in one transaction. The player
 * counts as active on that day the first time only: a marker per day and player, under a
 * hash of the id (no item names the account, so Delete Account has nothing to find here).
 */
const activeMark = (day: string, userId: string) => ({
  ...keys.adminActiveMark(partition, day, createHash('sha256').update(userId).digest('hex')),
  type: 'admin-active-mark',
  ttl: ttlSeconds(Date.parse(`${day}T00:00:00Z`) + MARK_KEEP_MS),
});

/** `attemptId` picks the shards (the same on a redelivery, which runOnce refuses anyway). */
export async function countQuiz(quiz: QuizFacts & { attemptId: string; userId: string; completedAt: string }): Promise<void> {
  const day = utcDate(quiz.completedAt);
  const shard = shardOf(quiz.attemptId);
  const totals = update(keys.adminStatsTotals(partition, shard), quizTotalsIncrements(quiz));
  const dayKey = keys.adminStatsDay(partition, day, shard);
  const mark = { Put: { TableName: env().TABLE_NAME, Item: activeMark(day, quiz.userId), ConditionExpression: 'attribute_not_exists(pk)' } };
  const cancelled = await tryTransactWrite([mark, totals, update(dayKey, quizDayIncrements(quiz, true))]);
  if (!cancelled) return;
  if (cancelled.codes[0] !== 'ConditionalCheckFailed') throw cancelled.error;
  // Played earlier that day: counted, but not as a new active player.
  await documentClient().send(new TransactWriteCommand({ TransactItems: [totals, update(dayKey, quizDayIncrements(quiz, false))] }));
}

/** An account created, deleted or moved to another role; `eventId` picks the shard. */
export async function countAccountChange(change: AccountChange, eventId: string): Promise<void> {
  const { empty, ...expression } = addExpression(accountIncrements(change));
  if (empty) return;
  await documentClient().send(new UpdateCommand({ TableName: env().TABLE_NAME, Key: keys.adminStatsTotals(partition, shardOf(eventId)), ...expression }));
}

/** A counter whose shards are all missing reads as missing (a stage that never counted). */
const summed = (items: readonly Record<string, unknown>[]): Counters | undefined => (items.length ? sumShards(items) : undefined);

/** The totals and the 7 days ending `today`, summed over their shards: one BatchGet (and a retry only for keys DynamoDB left unprocessed). */
export async function readAdminCounters(today: string): Promise<{ totals: Counters | undefined; days: Map<string, Counters> }> {
  const shards = allShards();
  const items = await batchGetItems([
    ...shards.map((shard) => keys.adminStatsTotals(partition, shard)),
    ...windowDays(today).flatMap((day) => shards.map((shard) => keys.adminStatsDay(partition, day, shard))),
  ]);
  const days = new Map<string, Counters>();
  for (const day of windowDays(today)) {
    const counters = summed(items.filter((item) => item.sk === `DAY#${day}`));
    if (counters) days.set(day, counters);
  }
  return { totals: summed(items.filter((item) => item.sk === 'TOTALS')), days };
}


/**
 * Every account's role and every attempt, for the backfill (scripts/backfill-admin-stats.ts):
 * one paged Scan of the table, keeping profiles and attempts. An operator's one-off, never a
 * request path.
 */
export async function scanHistory(): Promise<{ roles: Role[]; quizzes: PastQuiz[] }> {
  const roles: Role[] = [];
  const quizzes: PastQuiz[] = [];
  for await (const page of scanPages({
    FilterExpression: '#type IN (:profile, :attempt)',
    ProjectionExpression: '#type, #role, user_id, subject, score, total_questions, time_spent, completed_at',
    ExpressionAttributeNames: { '#type': 'type', '#role': 'role' },
    ExpressionAttributeValues: { ':profile': 'profile', ':attempt': 'attempt' },
  })) {
    for (const item of page.Items ?? []) {
      if (item.type === 'profile' && ROLES.includes(item.role as Role)) roles.push(item.role as Role);
      if (item.type === 'attempt' && SUBJECTS.includes(item.subject as Subject)) {
        quizzes.push({ userId: String(item.user_id), subject: item.subject as Subject, score: Number(item.score), total: Number(item.total_questions), timeSpentMs: Number(item.time_spent ?? 0), completedAt: String(item.completed_at) });
      }
    }
  }
  return { roles, quizzes };
}

/**
 * Puts a backfill's counters in place of the stored ones: the totals, the window's days and
 * their "played that day" marks (so a quiz later that day does not count its player twice).
 */
export async function replaceAdminCounters(history: HistoryCounters): Promise<number> {
  // The sums go in shard 0 and the other shards are emptied, so the overview's sum is the backfill's.
  const emptied = allShards().slice(1);
  const items = [
    { ...keys.adminStatsTotals(partition), ...history.totals },
    ...emptied.map((shard) => keys.adminStatsTotals(partition, shard)),
    ...[...history.days].flatMap(([day, counters]) => [{ ...keys.adminStatsDay(partition, day), ...counters }, ...emptied.map((shard) => keys.adminStatsDay(partition, day, shard))]),
    ...[...history.players].flatMap(([day, players]) => [...players].map((userId) => activeMark(day, userId))),
  ];
  await putItems(items);
  return items.length;
}
