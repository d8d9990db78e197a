import { completionOf, type MyClasses, myClassesSchema, type PlayedRound } from '#shared/classes/classes.ts';
import { percentOf } from '#shared/parents/summary.ts';
import { assignmentsOf, invitationsOf, membershipsOf } from './data/classes.ts';
import { queryUserRange } from '../data/user-rows.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { toAttempt } from '../parents/student-summary.ts';

/**
 * GET /api/me/classes: the student's classes, open invitations and the assignments of their
 * classes (open ones first, then by due date), each with whether the student completed it.
 */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, ['student']);
  const now = new Date();
  const [memberships, invitations] = await Promise.all([membershipsOf(me.user_id), invitationsOf(me.user_id)]);
  const perClass = await Promise.all(memberships.map(async (m) => ({ m, assignments: await assignmentsOf(m.class_id) })));
  const all = perClass.flatMap(({ m, assignments }) => assignments.map((a) => ({ ...a, class_id: m.class_id, class_name: m.class_name })));
  const earliest = all.reduce((min, a) => (a.created_at < min ? a.created_at : min), now.toISOString());
  const rounds = all.length ? ((await queryUserRange(me.user_id, `ATTEMPT#${earliest}`, 'ATTEMPT#~', { newestFirst: true, limit: 500 })).map(toAttempt) as PlayedRound[]) : [];
  const assignments: MyClasses['assignments'] = all
    .map((a) => {
      const done = completionOf(a, rounds);
      return { ...a, completed: done !== undefined, percent: done ? percentOf(done.score, done.total_questions) : null, overdue: !done && Date.parse(a.due_at) < now.getTime() };
    })
    .sort((a, b) => Number(a.completed || a.overdue) - Number(b.completed || b.overdue) || a.due_at.localeCompare(b.due_at));
  const body: MyClasses = {
    classes: memberships.map((m) => ({ id: m.class_id, name: m.class_name, teacher_email: m.teacher_email, joined_at: m.joined_at })),
    invitations,
    assignments,
  };
  return respond(myClassesSchema, body);
});
