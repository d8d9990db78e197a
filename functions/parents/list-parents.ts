import { type ParentLink, parentLinksResponseSchema } from '#shared/parents/parents.ts';
import { linksOfStudent } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';

/** GET /api/me/parents: the student's side, the parents who asked (pending) or follow (accepted), and declined requests. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student']);
  const parents: ParentLink[] = (await linksOfStudent(me.user_id))
    .map((l) => ({ parent_id: l.parentId, parent_email: l.parentEmail, status: l.status, created_at: l.createdAt }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return respond(parentLinksResponseSchema, { parents });
});
