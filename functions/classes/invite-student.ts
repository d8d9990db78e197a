import { CLASS_MESSAGES as M, invitedSchema, inviteStudentSchema } from '#shared/classes/classes.ts';
import { invitationOf, isMember, putInvitation } from './data/classes.ts';
import { findProfileByEmail } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { allowConsentRequest } from '../lib/consent-limits.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';
import { ownClass } from './class-access.ts';

/**
 * POST /api/classes/{classId}/students: Add Student by e-mail. The spec only checks that the
 * profile exists and saves nothing; here the student is invited (ClassInvitationSent, a
 * notification they accept) and joins the table once they accept.
 */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, inviteStudentSchema);
  const me = await requireCaller(event, ['teacher']);
  const found = await ownClass(event, me.user_id);
  const student = await findProfileByEmail(email);
  if (!student || student.role !== 'student') throw new NotFound(M.studentNotFound);
  const [member, invited] = await Promise.all([isMember(found.id, student.user_id), invitationOf(student.user_id, found.id)]);
  if (member) throw new Conflict(M.alreadyMember, 'already_member');
  if (invited) throw new Conflict(M.alreadyInvited, 'already_invited');
  // Each invitation reaches the student's bell: limited per teacher and student and day, and paused after a no.
  const now = new Date();
  await allowConsentRequest(me.user_id, student.user_id, now);
  const invitedAt = now.toISOString();
  if (!(await putInvitation(found, student, invitedAt))) throw new Conflict(M.alreadyInvited, 'already_invited');
  await publish('ClassInvitationSent', { classId: found.id, className: found.name, teacherId: me.user_id, teacherEmail: me.email, studentId: student.user_id, invitedAt }).catch((error: unknown) =>
    log.warn('ClassInvitationSent not published', { error: String(error) }),
  );
  return respond(invitedSchema, { invited: { user_id: student.user_id, email: student.email, invited_at: invitedAt } }, 201);
});
