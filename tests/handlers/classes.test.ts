import { describe, expect, it } from 'vitest';
import { CLASS_MESSAGES as M } from '../../shared/classes/classes.ts';
import { CONSENT_LIMITS, CONSENT_MESSAGES } from '../../shared/consent/consent-requests.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { envelope, played } from '../support/played.ts';
import { player } from '../support/players.ts';
import { quietNow } from '../support/quiet-now.ts';

/** Teachers' classes: real classes, join by code or invitation, the score table, assignments; 403/404 with no data. */
useLocalStack();
const { handler: createClass } = await import('../../functions/classes/create-class.ts');
const { handler: listClasses } = await import('../../functions/classes/list-classes.ts');
const { handler: getClass } = await import('../../functions/classes/get-class.ts');
const { handler: deleteClassRoute } = await import('../../functions/classes/delete-class.ts');
const { handler: invite } = await import('../../functions/classes/invite-student.ts');
const { handler: removeStudent } = await import('../../functions/classes/remove-student.ts');
const { handler: createAssignment } = await import('../../functions/classes/create-assignment.ts');
const { handler: join } = await import('../../functions/classes/join-class.ts');
const { handler: myClasses } = await import('../../functions/classes/my-classes.ts');
const { handler: respond } = await import('../../functions/classes/respond-invitation.ts');
const { handler: leave } = await import('../../functions/classes/leave-class.ts');
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
const { getClass: storedClass } = await import('../../functions/classes/data/classes.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));
const teacher = () => player({ role: 'teacher' });
async function newClass(t: Person, name = 'Year 7 Geography') {
  const made = await call(createClass, t, { body: { name } });
  expect(made.status).toBe(201);
  return made.body.class as { id: string; code: string; name: string };
}
const detail = async (t: Person, classId: string) => call(getClass, t, { path: { classId } });
const today = () => new Date().toISOString().slice(0, 10);

describe('classes', () => {
  it('a teacher creates and names classes; the selector lists their own only', async () => {
    const [t, other] = await Promise.all([teacher(), teacher()]);
    const a = await newClass(t, '  Class 7B  ');
    const b = await newClass(t, 'History club');
    expect(a.name).toBe('Class 7B');
    expect(a.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await call(listClasses, t)).body.classes.map((c: { name: string }) => c.name)).toEqual(['Class 7B', 'History club']);
    expect((await call(listClasses, other)).body.classes).toEqual([]);
    expect(b.code).not.toBe(a.code);
    expect((await call(createClass, t, { body: { name: ' ' } })).body.error.message).toBe(M.nameRequired);
  });

  it('students join by code (any case, spaces), and the table shows their real scores and study time', async () => {
    const t = await teacher();
    const c = await newClass(t);
    const [ann, bob, carl] = await Promise.all([player(), player(), player()]);
    await played(ann, { subject: 'geography', score: 9, timeSpentMs: 2 * 3_600_000 });
    await played(ann, { subject: 'history', score: 7, timeSpentMs: 30 * 60_000 });
    await played(bob, { subject: 'religion', score: 4, timeSpentMs: 10 * 60_000 });
    expect((await call(join, ann, { body: { code: c.code.toLowerCase() } })).body.class).toMatchObject({ id: c.id, name: c.name, teacher_email: t.email });
    expect((await call(join, bob, { body: { code: `${c.code.slice(0, 4)} ${c.code.slice(4)}` } })).status).toBe(200);
    expect((await call(join, bob, { body: { code: c.code } })).body.error.message).toBe(M.alreadyJoined);
    expect((await call(join, carl, { body: { code: 'ABCDEFGH' } })).body.error.message).toBe(M.codeNotFound);
    expect((await call(join, carl, { body: { code: 'abc' } })).body.error.message).toBe(M.codeInvalid);

    const table = (await detail(t, c.id)).body;
    const rows = Object.fromEntries(table.students.map((r: { email: string }) => [r.email, r]));
    expect(rows[ann.email]).toMatchObject({ geography_score: 90, history_score: 70, religion_score: null, overall_score: 80, study_hours_7d: 2.5, active: true, quizzes: 2 });
    expect(rows[bob.email]).toMatchObject({ geography_score: null, history_score: null, religion_score: 40, overall_score: 40, study_hours_7d: 0.2, active: false });
    expect(table.summary).toEqual({ students: 2, average_score: 60, active_students: 1, quizzes: 3 });
    expect(table.class.member_count).toBe(2);

    // The student sees the class; leaving takes them out of the table.
    expect((await call(myClasses, bob)).body.classes).toEqual([expect.objectContaining({ id: c.id, name: c.name, teacher_email: t.email })]);
    expect((await call(leave, bob, { path: { classId: c.id } })).status).toBe(204);
    expect((await detail(t, c.id)).body.students.map((r: { email: string }) => r.email)).toEqual([ann.email]);
  });

  it('Add Student invites by e-mail; the student accepts or declines; the teacher removes a member', async () => {
    const t = await teacher();
    const c = await newClass(t);
    const [s, declines, parentAccount] = await Promise.all([player(), player(), player({ role: 'parent' })]);
    expect((await call(invite, t, { body: { email: parentAccount.email } })).status).toBe(404);
    const notStudent = await call(invite, t, { body: { email: parentAccount.email }, path: { classId: c.id } });
    expect(notStudent.body.error.message).toBe(M.studentNotFound);
    expect((await call(invite, t, { body: { email: s.email }, path: { classId: c.id } })).status).toBe(201);
    expect((await call(invite, t, { body: { email: s.email }, path: { classId: c.id } })).body.error.message).toBe(M.alreadyInvited);
    await call(invite, t, { body: { email: declines.email }, path: { classId: c.id } });
    expect((await detail(t, c.id)).body.invited.map((i: { email: string }) => i.email).sort()).toEqual([s.email, declines.email].sort());
    // Invited students are not in the table until they accept.
    expect((await detail(t, c.id)).body.students).toEqual([]);

    expect((await call(myClasses, s)).body.invitations).toEqual([expect.objectContaining({ class_id: c.id, class_name: c.name, teacher_email: t.email })]);
    expect((await call(respond, s, { body: { accept: true }, path: { classId: c.id } })).body).toEqual({ status: 'accepted' });
    expect((await call(respond, declines, { body: { accept: false }, path: { classId: c.id } })).body).toEqual({ status: 'declined' });
    expect((await call(respond, declines, { body: { accept: true }, path: { classId: c.id } })).status).toBe(404);
    const after = (await detail(t, c.id)).body;
    expect(after.students.map((r: { email: string }) => r.email)).toEqual([s.email]);
    expect(after.invited).toEqual([]);

    expect((await call(removeStudent, t, { path: { classId: c.id, studentId: s.user_id } })).status).toBe(204);
    expect((await detail(t, c.id)).body.students).toEqual([]);
    expect((await call(myClasses, s)).body.classes).toEqual([]);
    expect((await call(removeStudent, t, { path: { classId: c.id, studentId: s.user_id } })).status).toBe(404);
  });

  it('invitations are limited per teacher and student: 3 a day however often withdrawn, none for 7 days after a decline (issue 17)', async () => {
    const t = await teacher();
    const [c, other] = [await newClass(t), await newClass(t, 'Year 8 History')];
    const s = await player();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(invite, t, { body: { email: s.email }, path: { classId: c.id } });
      statuses.push(r.status);
      if (r.status === 201) expect((await call(removeStudent, t, { path: { classId: c.id, studentId: s.user_id } })).status).toBe(204);
      else expect(r.body.error).toMatchObject({ code: 'too_many_requests', message: CONSENT_MESSAGES.tooManyToday });
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    // The teacher's other class is the same pair.
    expect((await call(invite, t, { body: { email: s.email }, path: { classId: other.id } })).status).toBe(429);
    const invitations = async () => ((await call(listNotifications, s)).body.notifications as { type: string }[]).filter((n) => n.type === 'class_invite').length;
    await expect.poll(invitations).toBe(CONSENT_LIMITS.perPairPerDay);

    // Declined: the same teacher cannot invite again right away (another teacher can).
    const [t2, s2] = [await teacher(), await player()];
    const c2 = await newClass(t2);
    expect((await call(invite, t2, { body: { email: s2.email }, path: { classId: c2.id } })).status).toBe(201);
    expect((await call(respond, s2, { body: { accept: false }, path: { classId: c2.id } })).body).toEqual({ status: 'declined' });
    const again = await call(invite, t2, { body: { email: s2.email }, path: { classId: c2.id } });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'declined_recently', message: CONSENT_MESSAGES.declinedRecently } } });
    expect((await call(myClasses, s2)).body.invitations).toEqual([]);
    const t3 = await teacher();
    expect((await call(invite, t3, { body: { email: s2.email }, path: { classId: (await newClass(t3)).id } })).status).toBe(201);
  });

  it('an invitation reaches the student’s bell with Accept / Decline (always on, in quiet hours too)', async () => {
    const [t, s] = await Promise.all([teacher(), player()]);
    await quietNow(s);
    await notifyConsumer(envelope('ClassInvitationSent', { classId: '11111111-2222-3333-4444-555555555555', className: '7B', teacherId: t.user_id, teacherEmail: t.email, studentId: s.user_id, invitedAt: new Date(Date.now() - 60_000).toISOString() }) as never);
    const bell = (await call(listNotifications, s)).body.notifications;
    expect(bell).toEqual([expect.objectContaining({ type: 'class_invite', action_url: '/dashboard?classInvite=11111111-2222-3333-4444-555555555555' })]);
  });

  it('an assignment shows on the student’s dashboard data and as completed for the teacher after a matching round', async () => {
    const t = await teacher();
    const c = await newClass(t);
    const [done, notYet] = await Promise.all([player(), player()]);
    await Promise.all([call(join, done, { body: { code: c.code } }), call(join, notYet, { body: { code: c.code } })]);
    // A round before the assignment does not count.
    await played(done, { subject: 'history', level: 'beginner', score: 10, completedAt: new Date(Date.now() - 60_000) });
    const made = await call(createAssignment, t, { body: { subject: 'history', level: 'beginner', due_date: today() }, path: { classId: c.id } });
    expect(made.status).toBe(201);
    const id = made.body.assignment.id;

    const open = (await call(myClasses, done)).body.assignments;
    expect(open).toEqual([expect.objectContaining({ id, class_name: c.name, subject: 'history', level: 'beginner', due_date: today(), completed: false, percent: null, overdue: false })]);

    await played(done, { subject: 'geography', level: 'beginner', score: 10, completedAt: new Date(Date.now() + 1000) });
    await played(done, { subject: 'history', level: 'beginner', score: 7, completedAt: new Date(Date.now() + 2000) });
    const mine = (await call(myClasses, done)).body.assignments;
    expect(mine).toEqual([expect.objectContaining({ id, completed: true, percent: 70 })]);
    expect((await call(myClasses, notYet)).body.assignments).toEqual([expect.objectContaining({ id, completed: false })]);

    const [assignment] = (await detail(t, c.id)).body.assignments;
    expect(assignment.completed).toEqual([expect.objectContaining({ user_id: done.user_id, email: done.email, score: 7, total_questions: 10, percent: 70 })]);

    const past = await call(createAssignment, t, { body: { subject: 'history', level: 'beginner', due_date: '2020-01-01' }, path: { classId: c.id } });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(M.dueDateInvalid);
  });

  it('Delete Account takes the student out of their classes and frees the seat (the stored count too)', async () => {
    const t = await teacher();
    const c = await newClass(t);
    const [stays, goes] = await Promise.all([player(), player()]);
    await call(join, stays, { body: { code: c.code } });
    await call(join, goes, { body: { code: c.code } });
    expect((await storedClass(c.id))?.member_count).toBe(2);

    const deleted = envelope('AccountDeleted', { userId: goes.user_id, email: goes.email });
    await deleteAccountData(deleted as never);
    await deleteAccountData({ ...deleted, id: crypto.randomUUID() } as never);
    expect((await storedClass(c.id))?.member_count).toBe(1);
    expect((await detail(t, c.id)).body.students.map((r: { email: string }) => r.email)).toEqual([stays.email]);
  });

  it('a teacher deletes a class: its members and invited students no longer see it, its code no longer joins, and a teacher’s account takes its classes along', async () => {
    const t = await teacher();
    const [gone, kept] = [await newClass(t, 'Made by mistake'), await newClass(t, 'Kept')];
    const [member, invited] = await Promise.all([player(), player()]);
    await call(join, member, { body: { code: gone.code } });
    await call(join, member, { body: { code: kept.code } });
    expect((await call(invite, t, { body: { email: invited.email }, path: { classId: gone.id } })).status).toBe(201);
    expect((await call(createAssignment, t, { body: { subject: 'history', level: 'beginner', due_date: today() }, path: { classId: gone.id } })).status).toBe(201);

    expect((await call(deleteClassRoute, t, { path: { classId: gone.id } })).status).toBe(204);
    expect((await call(listClasses, t)).body.classes.map((c: { name: string }) => c.name)).toEqual(['Kept']);
    expect((await detail(t, gone.id)).status).toBe(404);
    const mine = (await call(myClasses, member)).body;
    expect(mine.classes.map((c: { name: string }) => c.name)).toEqual(['Kept']);
    expect(mine.assignments).toEqual([]);
    expect((await call(myClasses, invited)).body.invitations ?? []).toEqual([]);
    expect((await call(respond, invited, { body: { accept: true }, path: { classId: gone.id } })).status).toBe(404);
    expect((await call(join, invited, { body: { code: gone.code } })).body.error.message).toBe(M.codeNotFound);
    expect((await call(deleteClassRoute, t, { path: { classId: gone.id } })).status).toBe(404);

    // The teacher's account deleted: the remaining class goes too, and its member is no longer in it.
    await deleteAccountData(envelope('AccountDeleted', { userId: t.user_id, email: t.email }) as never);
    expect(await storedClass(kept.id)).toBeUndefined();
    expect((await call(myClasses, member)).body.classes).toEqual([]);
    expect((await call(join, invited, { body: { code: kept.code } })).body.error.message).toBe(M.codeNotFound);
  });

  it('refuses other roles (403) and other teachers’ classes (404), with no data', async () => {
    const [t, other, s, p, admin] = await Promise.all([teacher(), teacher(), player(), player({ role: 'parent' }), player({ role: 'admin' })]);
    const c = await newClass(t);
    await call(join, s, { body: { code: c.code } });
    await played(s, { subject: 'geography', score: 9 });
    const teacherRoutes: [Handler, Parameters<typeof httpEvent>[0]][] = [
      [listClasses, {}],
      [createClass, { body: { name: 'Mine now' } }],
      [getClass, { path: { classId: c.id } }],
      [invite, { body: { email: s.email }, path: { classId: c.id } }],
      [removeStudent, { path: { classId: c.id, studentId: s.user_id } }],
      [createAssignment, { body: { subject: 'history', level: 'beginner', due_date: today() }, path: { classId: c.id } }],
      [deleteClassRoute, { path: { classId: c.id } }],
    ];
    for (const who of [s, p, admin]) {
      for (const [h, input] of teacherRoutes) {
        const refused = await call(h, who, input);
        expect(refused.status).toBe(403);
        expect(Object.keys(refused.body)).toEqual(['error']);
      }
    }
    for (const [h, input] of teacherRoutes.slice(2)) {
      const hidden = await call(h, other, input);
      expect(hidden.status).toBe(404);
      expect(Object.keys(hidden.body)).toEqual(['error']);
    }
    const studentRoutes: [Handler, Parameters<typeof httpEvent>[0]][] = [
      [join, { body: { code: c.code } }],
      [myClasses, {}],
      [respond, { body: { accept: true }, path: { classId: c.id } }],
      [leave, { path: { classId: c.id } }],
    ];
    for (const who of [t, p, admin]) {
      for (const [h, input] of studentRoutes) expect((await call(h, who, input)).status).toBe(403);
    }
    // Nothing changed: the student is still in the class, with their score.
    expect((await detail(t, c.id)).body.students).toEqual([expect.objectContaining({ user_id: s.user_id, geography_score: 90 })]);
  });
});
