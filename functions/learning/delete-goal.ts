import { GOAL_MESSAGES } from '#shared/learning/learning.ts';
import { deleteGoal } from './data/learning.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { goalIdParam, requireGoalsCaller } from './access.ts';

/** DELETE /api/study-goals/{goalId}: only when both the goal id and the caller match (docs/learning.md); the goal count goes down with it. */
export const handler = httpHandler(async (event) => {
  const me = await requireGoalsCaller(event);
  const outcome = await deleteGoal(me.user_id, goalIdParam(event));
  if (outcome === 'missing') throw new NotFound(GOAL_MESSAGES.notFound);
  if (outcome === 'busy') throw new Conflict(GOAL_MESSAGES.busy, 'busy');
  return noContent();
});
