import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { landingStats } from '#shared/plans.ts';
import { keys } from '../data/table-design.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { httpHandler, json } from '../lib/http.ts';

/** GET /api/stats (public): the landing page's statistics from real counters, with the spec's floors. */
export const handler = httpHandler(async () => {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.globalStats() }));
  const n = (name: string) => Number(Item?.[name] ?? 0);
  const stats = landingStats({ users: n('users'), quizzes: n('quizzes'), correct: n('correct'), questions: n('questions') });
  return { ...json(200, stats), headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } };
});
