import { PARENT_MESSAGES as M, weeklyEmailResponseSchema, weeklyEmailSchema } from '#shared/parents/parents.ts';
import { linkOfParent, setWeeklyEmail } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { idParam } from './route-params.ts';

/** PUT /api/parent/students/{studentId}/weekly-email: the opt-in weekly summary e-mail, for an approved link only. */
export const handler = httpHandler(async (event) => {
  const { enabled } = parseBody(event, weeklyEmailSchema);
  const me = await requireCaller(event, ['parent']);
  const studentId = idParam(event, 'studentId', M.linkNotFound);
  const link = await linkOfParent(me.user_id, studentId);
  if (!link) throw new NotFound(M.linkNotFound);
  if (!(await setWeeklyEmail(me.user_id, studentId, enabled))) throw new Conflict('The weekly e-mail needs the student’s approval first', 'not_approved');
  return respond(weeklyEmailResponseSchema, { weekly_email: enabled });
});
