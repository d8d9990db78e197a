import { answerInvitationSchema, CLASS_MESSAGES as M } from '#shared/classes/classes.ts';
import { deleteInvitation, getClass, invitationOf, joinClass } from '../data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { classIdParam } from './class-access.ts';

/** POST /api/me/classes/{classId}/respond: the invited student accepts (joins) or declines; only their own invitation. */
export const handler = httpHandler(async (event) => {
  const { accept } = parseBody(event, answerInvitationSchema);
  const me = await requireCaller(event, ['student']);
  const classId = classIdParam(event);
  if (!(await invitationOf(me.user_id, classId))) throw new NotFound(M.invitationNotFound);
  if (!accept) {
    if (!(await deleteInvitation(classId, me.user_id))) throw new NotFound(M.invitationNotFound);
    return json(200, { status: 'declined' });
  }
  const found = await getClass(classId);
  if (!found) {
    await deleteInvitation(classId, me.user_id);
    throw new NotFound(M.classNotFound);
  }
  const outcome = await joinClass(found, me, new Date().toISOString(), true);
  if (outcome === 'already') throw new Conflict(M.alreadyJoined, 'already_joined');
  if (outcome === 'full') throw new BadRequest(M.classFull);
  if (outcome !== 'joined') throw new NotFound(M.invitationNotFound);
  return json(200, { status: 'accepted' });
});
