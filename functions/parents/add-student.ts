import { addStudentResponseSchema, addStudentSchema, PARENT_LIMITS, PARENT_MESSAGES as M, requestProblem } from '#shared/parents/parents.ts';
import { linkOfParent, linksOfParent, putPendingLink } from './data/parent-links.ts';
import { findProfileByEmail } from '../profile/data/profiles.ts';
import { requireCaller } from '../lib/caller.ts';
import { BadRequest, Conflict, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { allowConsentRequest } from '../lib/consent-limits.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';

/**
 * POST /api/parent/students: a parent asks to follow a student by e-mail (docs/admin.md: only
 * a student account). The link waits for the student's answer (ParentLinkRequested notifies
 * them); nothing of the student is shown before they accept.
 */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, addStudentSchema);
  const me = await requireCaller(event, ['parent']);
  const student = await findProfileByEmail(email);
  if (!student || student.role !== 'student') throw new NotFound(M.studentNotFound);

  const [existing, all] = await Promise.all([linkOfParent(me.user_id, student.user_id), linksOfParent(me.user_id)]);
  const problem = requestProblem(existing?.status);
  if (problem) throw new Conflict(problem, existing?.status === 'declined' ? 'declined' : 'already_linked');
  if (all.length >= PARENT_LIMITS.maxStudents) throw new BadRequest(M.tooManyStudents);

  // Each request reaches the student's bell: limited per pair and day, and paused after a no.
  const now = new Date();
  await allowConsentRequest(me.user_id, student.user_id, now);
  const createdAt = now.toISOString();
  const link = { parentId: me.user_id, studentId: student.user_id, parentEmail: me.email, studentEmail: student.email, createdAt };
  if (!(await putPendingLink(link))) throw new Conflict(M.alreadyLinked, 'already_linked');
  await publish('ParentLinkRequested', { parentId: me.user_id, parentEmail: me.email, studentId: student.user_id, createdAt }).catch((error: unknown) =>
    log.warn('ParentLinkRequested not published', { error: String(error) }),
  );
  return respond(addStudentResponseSchema, { student: { student_id: student.user_id, student_email: student.email, status: 'pending', created_at: createdAt, weekly_email: false } }, 201);
});
