import { type Assignment, assignmentCreatedSchema, CLASS_MESSAGES as M, createAssignmentSchema, dueDateProblem, dueInstant } from '#shared/classes/classes.ts';
import { randomUUID } from 'node:crypto';
import { BadRequest } from '../lib/errors.ts';
import { putAssignment } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { ownClass } from './class-access.ts';

/**
 * POST /api/classes/{classId}/assignments: assign a quiz (subject, level, due date) to a class.
 * A member completes it with a round of that subject and level finished after now and by
 * the end of the due date (UTC).
 */
export const handler = httpHandler(async (event) => {
  const input = parseBody(event, createAssignmentSchema);
  const me = await requireCaller(event, ['teacher']);
  const found = await ownClass(event, me.user_id);
  const now = new Date();
  const problem = dueDateProblem(input.due_date, now);
  if (problem) throw new BadRequest(problem, { due_date: M.dueDateInvalid });
  const assignment: Assignment = { id: randomUUID(), subject: input.subject, level: input.level, due_date: input.due_date, due_at: dueInstant(input.due_date), created_at: now.toISOString() };
  await putAssignment(found.id, assignment);
  return respond(assignmentCreatedSchema, { assignment }, 201);
});
