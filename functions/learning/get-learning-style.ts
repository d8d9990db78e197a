import { learningStyleResultSchema } from '#shared/learning/api.ts';
import { getLearningStyle } from './data/learning.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requireLearner } from './access.ts';

/** GET /api/learning/style: the caller's saved assessment result, or null before the first one. */
export const handler = httpHandler(async (event) => {
  const me = await requireLearner(event);
  return respond(learningStyleResultSchema, { result: await getLearningStyle(me.user_id) });
});
