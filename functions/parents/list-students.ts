import { type LinkedStudent, linkedStudentsResponseSchema, showsData } from '#shared/parents/parents.ts';
import { linksOfParent } from './data/parent-links.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { loadStudentSummary } from './student-summary.ts';

/**
 * GET /api/parent/students: the parent's links, each approved one with the student's real
 * figures (average, study time, streak, recent attempts, subject progress). A pending or
 * declined link shows its status and the e-mail the parent typed, nothing else.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['parent']);
  const now = new Date();
  const links = await linksOfParent(me.user_id);
  const students: LinkedStudent[] = await Promise.all(
    links.map(async (link) => ({
      student_id: link.studentId,
      student_email: link.studentEmail,
      status: link.status,
      created_at: link.createdAt,
      weekly_email: link.weeklyEmail,
      ...(showsData(link.status) ? { summary: await loadStudentSummary(link.studentId, now) } : {}),
    })),
  );
  students.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return respond(linkedStudentsResponseSchema, { students });
});
