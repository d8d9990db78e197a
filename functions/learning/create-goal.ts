import { goalResponseSchema } from '#shared/learning/api.ts';
import { randomUUID } from 'node:crypto';
import { createGoalSchema, GOAL_LIMITS, GOAL_MESSAGES, type StudyGoal } from '#shared/learning/learning.ts';
import { addGoal } from './data/learning.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireGoalsCaller } from './access.ts';

/** POST /api/study-goals: a new goal at progress 0 (docs/learning.md); at most 20, held by a conditional count. */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, createGoalSchema);
  const me = await requireGoalsCaller(event);
  const goal: StudyGoal = { id: randomUUID(), ...input, progress: 0, completed: false, created_at: new Date().toISOString() };
  const outcome = await addGoal(me.user_id, goal, GOAL_LIMITS.goalsMax);
  if (outcome === 'limit') throw new Conflict(GOAL_MESSAGES.tooMany, 'too_many_goals');
  if (outcome === 'busy') throw new Conflict(GOAL_MESSAGES.busy, 'busy');
  return respond(goalResponseSchema, { goal }, 201);
});
