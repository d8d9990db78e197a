import { randomUUID } from 'node:crypto';
import { createGoalSchema, GOAL_LIMITS, GOAL_MESSAGES, type StudyGoal } from '#shared/learning/learning.ts';
import { listGoals, putGoal } from '../data/learning.ts';
import { Conflict } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { requireGoalsCaller } from './access.ts';

/** POST /api/study-goals: a new goal at progress 0 (3-learning §5). */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, createGoalSchema);
  const me = await requireGoalsCaller(event);
  if ((await listGoals(me.user_id)).length >= GOAL_LIMITS.goalsMax) throw new Conflict(GOAL_MESSAGES.tooMany, 'too_many_goals');
  const goal: StudyGoal = { id: randomUUID(), ...input, progress: 0, completed: false, created_at: new Date().toISOString() };
  await putGoal(me.user_id, goal);
  return json(201, { goal });
});
