import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LandingCounts } from '#shared/plans.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * Product-wide counters (users, quizzes, answers), added to inside the transactions
 * that create profiles (profiles.ts) and record attempts (learner.ts).
 */
export async function readGlobalStats(): Promise<{ users: number; quizzes: number; correct: number; questions: number }> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.globalStats() }));
  const n = (name: string) => Number(Item?.[name] ?? 0);
  return { users: n('users'), quizzes: n('quizzes'), correct: n('correct'), questions: n('questions') };
}

/**
 * The landing page's counts in one BatchGet of two items: quizzes and answers from the global
 * counters, accounts by role from the admin statistics' totals (admin-stats.ts), which count
 * deletions and role changes too, so "learners" are the students there are now.
 */
export async function readLandingCounts(): Promise<LandingCounts> {
  const table = env().TABLE_NAME;
  const wanted = [keys.globalStats(), keys.adminStatsTotals()];
  const items: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [table]: { Keys: wanted } };
  for (let attempt = 0; request && Object.keys(request).length > 0 && attempt < 5; attempt++) {
    const { Responses, UnprocessedKeys } = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
    items.push(...(Responses?.[table] ?? []));
    request = UnprocessedKeys as typeof request;
  }
  const global = items.find((item) => item.pk === keys.globalStats().pk && item.sk === keys.globalStats().sk);
  const totals = items.find((item) => item.pk === keys.adminStatsTotals().pk && item.sk === keys.adminStatsTotals().sk);
  const n = (item: Record<string, unknown> | undefined, name: string) => Math.max(0, Number(item?.[name] ?? 0));
  return {
    users: n(global, 'users'),
    students: n(totals, 'role_student'),
    teachers: n(totals, 'role_teacher'),
    quizzes: n(global, 'quizzes'),
    correct: n(global, 'correct'),
    questions: n(global, 'questions'),
  };
}
