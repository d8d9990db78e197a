import { CLASS_MESSAGES as M } from '#shared/classes/classes.ts';
import { removeMember } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { classIdParam } from './class-access.ts';

/** DELETE /api/me/classes/{classId}: a student leaves a class. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student']);
  if (!(await removeMember(classIdParam(event), me.user_id))) throw new NotFound(M.classNotFound);
  return noContent();
});
