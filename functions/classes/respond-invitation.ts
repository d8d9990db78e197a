import { linkAnsweredSchema } from '#shared/parents/parents.ts';
import { answerInvitationSchema, CLASS_MESSAGES as M } from '#shared/classes/classes.ts';
import { deleteInvitation, getClass, invitationsOf, joinClass } from './data/classes.ts';
import { recordDecline } from '../parents/data/consent-requests.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { markAnsweredRead } from '../notifications/fact-key.ts';
import { classIdParam } from './class-access.ts';

/** POST /api/me/classes/{classId}/respond: the invited student accepts (joins) or declines; only their own invitation. */
export const handler = httpHandler(async (event) => {
  const { accept } = parseBody(event, answerInvitationSchema);
  const me = await requireCaller(event, ['student']);
  const classId = classIdParam(event);
  // The invitation's time names its notification (answered here, the bell's item is read).
  const invitation = (await invitationsOf(me.user_id)).find((i) => i.class_id === classId);
  if (!invitation) throw new NotFound(M.invitationNotFound);
  const answered = () =>
    markAnsweredRead(me.user_id, 'class_invite', `${classId}#${invitation.invited_at}`).catch((error: unknown) => log.warn('class invitation notification not marked read', { error: String(error) }));
  if (!accept) {
    if (!(await deleteInvitation(classId, me.user_id))) throw new NotFound(M.invitationNotFound);
    // A no pauses this teacher's invitations to the student (they would otherwise withdraw and invite again).
    const declined = await getClass(classId);
    if (declined) await recordDecline(declined.teacher_id, me.user_id, new Date());
    await answered();
    return respond(linkAnsweredSchema, { status: 'declined' });
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
  await answered();
  return respond(linkAnsweredSchema, { status: 'accepted' });
});
