import { goalListSchema } from '#shared/learning/api.ts';
import { listGoals } from './data/learning.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireGoalsCaller } from './access.ts';

/** GET /api/study-goals: the caller's goals, newest first (only their own: the query is on their partition). */
export const handler = httpHandler(async (event) => {
  const me = await requireGoalsCaller(event);
  return respond(goalListSchema, { goals: await listGoals(me.user_id) });
});
