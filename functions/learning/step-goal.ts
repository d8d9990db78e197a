import { goalResponseSchema } from '#shared/learning/api.ts';
import { GOAL_MESSAGES } from '#shared/learning/learning.ts';
import { stepGoal } from './data/learning.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { goalIdParam, requireGoalsCaller } from './access.ts';

/**
 * POST /api/study-goals/{goalId}/progress: Update Progress, +10 up to 100 (completed at 100).
 * Another person's goal is not found; clicks that kept colliding answer 409 (never a 500).
 */
export const handler = httpHandler(async (event) => {
  const me = await requireGoalsCaller(event);
  const goal = await stepGoal(me.user_id, goalIdParam(event));
  if (!goal) throw new NotFound(GOAL_MESSAGES.notFound);
  if (goal === 'busy') throw new Conflict(GOAL_MESSAGES.busy, 'busy');
  return respond(goalResponseSchema, { goal });
});
