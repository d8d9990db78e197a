import { PARENT_MESSAGES as M } from '#shared/parents/parents.ts';
import { deleteLink } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { idParam } from './route-params.ts';

/** DELETE /api/parent/students/{studentId}: the parent removes a link (pending, approved or declined). */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['parent']);
  const studentId = idParam(event, 'studentId', M.linkNotFound);
  if (!(await deleteLink(me.user_id, studentId))) throw new NotFound(M.linkNotFound);
  return noContent();
});
