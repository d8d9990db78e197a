import { PARENT_MESSAGES as M } from '#shared/parents/parents.ts';
import { recordDecline } from './data/consent-requests.ts';
import { deleteLink } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { idParam } from './route-params.ts';

/**
 * DELETE /api/me/parents/{parentId}: the student removes a parent's link (any state); the parent
 * then sees nothing, and may not ask again for a while (the student said no).
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student']);
  const parentId = idParam(event, 'parentId', M.linkNotFound);
  if (!(await deleteLink(parentId, me.user_id))) throw new NotFound(M.linkNotFound);
  await recordDecline(parentId, me.user_id, new Date());
  return noContent();
});
