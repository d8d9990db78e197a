import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api.ts';
import { COUNTER_SHARDS } from '../../shared/counter-shards.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { envelope } from '../support/played.ts';
import { player } from '../support/players.ts';

/**
 * The landing page's and the admin overview's counters are sharded: many
 * rounds spread over several items, the readers show the sums the single item held, and a
 * redelivered event still counts once. Each test counts into partitions of its own.
 */
useLocalStack();
const keys = await import('../../functions/data/table-keys.ts');
const { useStatsPartitionForTests } = await import('../../functions/admin/data/admin-stats.ts');
const { ensureProfile, newProfile } = await import('../../functions/profile/data/profiles.ts');
const { handler: landingStats } = await import('../../functions/system/get-stats.ts');
const { readGlobalStats } = await import('../../functions/system/data/global-stats.ts');
const { handler: overview } = await import('../../functions/admin/get-overview.ts');
const { handler: updateProgress } = await import('../../functions/quiz/update-progress.ts');
const { handler: aggregate } = await import('../../functions/admin/aggregate-stats.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

const ROUNDS = 40;
const scoreOf = (i: number) => i % 11;

function quizCompleted(who: Profile, i: number) {
  const completedAt = new Date().toISOString();
  const score = scoreOf(i);
  return envelope('QuizCompleted', {
    attemptId: randomUUID(), userId: who.user_id, subject: 'geography', level: 'beginner', mode: 'practice',
    score, total: 10, points: score * 10, timeSpentMs: 60_000, completedAt, timeZone: 'UTC', topics: [],
  });
}

/** How many shard items of a counter exist (each under a partition key of its own). */
async function shardItems(key: (shard: number) => { pk: string; sk: string }): Promise<number> {
  let found = 0;
  for (let shard = 0; shard < COUNTER_SHARDS; shard++) {
    const { Count } = await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': key(shard).pk, ':sk': key(shard).sk }, Select: 'COUNT' }),
    );
    found += Count ?? 0;
  }
  return found;
}

describe('sharded counters', () => {
  it('the landing page shows the sums of many rounds and new accounts, a redelivered round counted once', async () => {
    keys.useGlobalStatsPartitionForTests(`STATS#test-${randomUUID()}`);
    // Counted before sharding: the old single item is read as shard 0, so it is not lost.
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.globalStats(), users: 7, quizzes: 100, correct: 600, questions: 1000 } }));
    const accounts = await Promise.all(Array.from({ length: 5 }, () => ensureProfile(newProfile({ userId: randomUUID(), email: `${randomUUID()}@example.com`, now: new Date() }))));
    const rounds = Array.from({ length: ROUNDS }, (_, i) => quizCompleted(accounts[i % accounts.length]!, i));
    await Promise.all(rounds.map((event) => updateProgress(event)));

    const correct = Array.from({ length: ROUNDS }, (_, i) => scoreOf(i)).reduce((a, b) => a + b, 0);
    const shown = parse(await landingStats(httpEvent()));
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ quizzes: 100 + ROUNDS, successRate: Math.round((100 * (600 + correct)) / (1000 + 10 * ROUNDS)) });
    const counted = { users: 7 + 5, quizzes: 100 + ROUNDS, correct: 600 + correct, questions: 1000 + 10 * ROUNDS };
    expect(await readGlobalStats()).toEqual(counted);
    expect(await shardItems((shard) => keys.globalStats(shard))).toBeGreaterThan(3);

    // The same event again (same attempt, new envelope id): nothing moves.
    await updateProgress({ ...rounds[0]!, id: randomUUID() });
    await ensureProfile(accounts[0]!);
    expect(parse(await landingStats(httpEvent())).body).toEqual(shown.body);
    expect(await readGlobalStats()).toEqual(counted);
  });

  it('the admin overview shows the sums of many rounds and accounts, a redelivered event counted once', async () => {
    const partition = `ADMINSTATS#test-${randomUUID()}`;
    useStatsPartitionForTests(partition);
    const boss = await player({ role: 'admin' });
    // Counted before sharding: the old single totals item is read as shard 0, so it is not lost.
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.adminStatsTotals(partition), users: 2, role_student: 1, role_admin: 1 } }));
    const students = await Promise.all(Array.from({ length: 4 }, () => player()));
    const accountEvents = students.map((s) => envelope('AccountConfirmed', { userId: s.user_id, email: s.email }));
    const rounds = Array.from({ length: ROUNDS }, (_, i) => quizCompleted(students[i % students.length]!, i));
    for (const event of [...accountEvents, ...rounds]) await aggregate(event);

    const shown = parse(await overview(httpEvent({ sub: boss.user_id })));
    expect(shown.status).toBe(200);
    const correct = Array.from({ length: ROUNDS }, (_, i) => scoreOf(i)).reduce((a, b) => a + b, 0);
    expect(shown.body.stats).toMatchObject({ totalUsers: 2 + 4, totalQuizzes: ROUNDS, activeToday: 4, averageScore: Math.round((100 * correct) / (10 * ROUNDS)) });
    expect(shown.body.stats.usersByRole).toMatchObject({ student: 1 + 4, admin: 1 });
    expect(shown.body.stats.recentActivity.at(-1)).toMatchObject({ quizCount: ROUNDS });
    expect(await shardItems((shard) => keys.adminStatsTotals(partition, shard))).toBeGreaterThan(3);

    // Every event delivered again, with the same ids: the overview does not move.
    for (const event of [...accountEvents, rounds[0]!, rounds[ROUNDS - 1]!]) await aggregate(event);
    expect(parse(await overview(httpEvent({ sub: boss.user_id }))).body.stats).toEqual(shown.body.stats);
  });
});
