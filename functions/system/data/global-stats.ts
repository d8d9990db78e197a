import { allShards, sumShards } from '#shared/counter-shards.ts';
import type { LandingCounts } from '#shared/plans.ts';
import * as keys from '../../data/table-keys.ts';
import { batchGetItems } from '../../data/batch-get.ts';

/**
 * Product-wide counters (users, quizzes, answers), added to inside the transactions
 * that create profiles (profiles.ts) and record attempts (learner.ts), each to one of
 * COUNTER_SHARDS items (shared/counter-shards.ts); read here as the sum of the shards.
 */
export async function readGlobalStats(): Promise<{ users: number; quizzes: number; correct: number; questions: number }> {
  const global = sumShards(await batchGetItems(allShards().map((shard) => keys.globalStats(shard))));
  const n = (name: string) => global[name] ?? 0;
  return { users: n('users'), quizzes: n('quizzes'), correct: n('correct'), questions: n('questions') };
}

/**
 * The landing page's counts in one BatchGet: quizzes and answers from the global counters'
 * shards, accounts by role from the shards of the admin statistics' totals (admin-stats.ts),
 * which count deletions and role changes too, so "learners" are the students there are now.
 */
export async function readLandingCounts(): Promise<LandingCounts> {
  const shards = allShards();
  const items = await batchGetItems([...shards.map((shard) => keys.globalStats(shard)), ...shards.map((shard) => keys.adminStatsTotals(undefined, shard))]);
  const global = sumShards(items.filter((item) => item.sk === 'GLOBAL'));
  const totals = sumShards(items.filter((item) => item.sk === 'TOTALS'));
  const n = (counters: Record<string, number>, name: string) => Math.max(0, counters[name] ?? 0);
  return {
    users: n(global, 'users'),
    students: n(totals, 'role_student'),
    teachers: n(totals, 'role_teacher'),
    quizzes: n(global, 'quizzes'),
    correct: n(global, 'correct'),
    questions: n(global, 'questions'),
  };
}
