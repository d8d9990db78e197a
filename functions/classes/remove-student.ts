import { CLASS_MESSAGES as M } from '#shared/classes/classes.ts';
import { userIdSchema } from '#shared/social/friends.ts';
import { deleteInvitation, removeMember } from './data/classes.ts';
import { requireCaller } from '../lib/caller.ts';
import { NotFound } from '../lib/errors.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { ownClass } from './class-access.ts';

/** DELETE /api/classes/{classId}/students/{studentId}: the teacher removes a member, or withdraws an open invitation. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['teacher']);
  const found = await ownClass(event, me.user_id);
  const studentId = userIdSchema.safeParse(event.pathParameters?.studentId);
  if (!studentId.success) throw new NotFound(M.studentNotInClass);
  if (!(await removeMember(found.id, studentId.data)) && !(await deleteInvitation(found.id, studentId.data))) throw new NotFound(M.studentNotInClass);
  return noContent();
});
