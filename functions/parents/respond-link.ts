import { linkAnsweredSchema, linkResponseSchema, PARENT_MESSAGES as M } from '#shared/parents/parents.ts';
import { recordDecline } from './data/consent-requests.ts';
import { answerLink, linkOfStudent } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { markAnsweredRead } from '../notifications/fact-key.ts';
import { idParam } from './route-params.ts';

/**
 * POST /api/me/parents/{parentId}/respond: the student accepts or declines a parent's request.
 * The link is read from the student's own partition, so only that student can answer it.
 */
export const handler = httpHandler(async (event) => {
  const { accept } = parseBody(event, linkResponseSchema);
  const me = await requireCaller(event, ['student']);
  const parentId = idParam(event, 'parentId', M.linkNotFound);
  const link = await linkOfStudent(me.user_id, parentId);
  if (!link) throw new NotFound(M.linkNotFound);
  const status = accept ? 'accepted' : 'declined';
  if (link.status !== 'pending' || !(await answerLink(me.user_id, parentId, status, new Date().toISOString()))) throw new Conflict(M.alreadyAnswered, 'link_settled');
  // A no pauses this parent's requests (they would otherwise remove the link and ask again).
  if (!accept) await recordDecline(parentId, me.user_id, new Date());
  // Answered here: the bell's item announcing the request is read now.
  await markAnsweredRead(me.user_id, 'parent_link', `${parentId}#${link.createdAt}`).catch((error: unknown) => log.warn('parent link notification not marked read', { error: String(error) }));
  return respond(linkAnsweredSchema, { status });
});
