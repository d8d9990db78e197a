import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import * as keys from './table-keys.ts';

/**
 * Product-wide counters (users, quizzes, answers), added to inside the transactions
 * that create profiles (profiles.ts) and record attempts (learner.ts).
 */
export async function readGlobalStats(): Promise<{ users: number; quizzes: number; correct: number; questions: number }> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.globalStats() }));
  const n = (name: string) => Number(Item?.[name] ?? 0);
  return { users: n('users'), quizzes: n('quizzes'), correct: n('correct'), questions: n('questions') };
}
