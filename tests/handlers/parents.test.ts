import { describe, expect, it } from 'vitest';
import { CONSENT_LIMITS, CONSENT_MESSAGES } from '../../shared/consent/consent-requests.ts';
import { PARENT_MESSAGES as M } from '../../shared/parents/parents.ts';
import { eventsDelivered, mailTo, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { envelope, played } from '../support/played.ts';
import { player } from '../support/players.ts';
import { quietNow } from '../support/quiet-now.ts';

/** Parents following students: consent first, real figures after, either side removes, 403/404 with no data. */
const { mailbox } = useLocalStack();
const { handler: addStudent } = await import('../../functions/parents/add-student.ts');
const { handler: listStudents } = await import('../../functions/parents/list-students.ts');
const { handler: removeStudent } = await import('../../functions/parents/remove-student.ts');
const { handler: setWeekly } = await import('../../functions/parents/set-weekly-email.ts');
const { handler: listParents } = await import('../../functions/parents/list-parents.ts');
const { handler: respond } = await import('../../functions/parents/respond-link.ts');
const { handler: removeParent } = await import('../../functions/parents/remove-parent.ts');
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');
const { handler: weeklyJob } = await import('../../functions/parents/send-weekly-summaries.ts');

type Person = Awaited<ReturnType<typeof player>>;
type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, who: Person, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub: who.user_id, ...input })));
const parent = () => player({ role: 'parent' });
const ask = (p: Person, s: Person | string) => call(addStudent, p, { body: { email: typeof s === 'string' ? s : s.email } });
const answer = (s: Person, p: Person, accept: boolean) => call(respond, s, { body: { accept }, path: { parentId: p.user_id } });
const students = async (p: Person) => (await call(listStudents, p)).body.students as { student_id: string; status: string; summary?: Record<string, unknown> }[];

describe('parent links', () => {
  it('only a student account can be linked, with the spec’s messages', async () => {
    const p = await parent();
    const [teacher, other] = await Promise.all([player({ role: 'teacher' }), parent()]);
    for (const target of [teacher.email, other.email, 'nobody-here@example.com']) {
      const refused = await ask(p, target);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe(M.studentNotFound);
    }
    const student = await player();
    expect((await ask(p, student)).status).toBe(201);
    const again = await ask(p, student);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.alreadyLinked);
    expect((await call(addStudent, p, { body: { email: 'not-an-email' } })).body.error.message).toBe(M.emailInvalid);
  });

  it('the parent sees nothing before the student approves, then the student’s real figures', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    await played(s, { subject: 'geography', score: 9, timeSpentMs: 3_600_000 });
    await played(s, { subject: 'history', score: 6, timeSpentMs: 1_800_000 });
    expect((await ask(p, s)).status).toBe(201);

    const pending = await students(p);
    expect(pending).toEqual([expect.objectContaining({ student_id: s.user_id, status: 'pending' })]);
    expect(pending[0]).not.toHaveProperty('summary');
    // Weekly e-mail needs approval first.
    expect((await call(setWeekly, p, { body: { enabled: true }, path: { studentId: s.user_id } })).status).toBe(409);

    // The student's side lists the request; only that student can answer it.
    expect((await call(listParents, s)).body.parents).toEqual([expect.objectContaining({ parent_id: p.user_id, parent_email: p.email, status: 'pending' })]);
    const stranger = await player();
    expect((await answer(stranger, p, true)).status).toBe(404);
    expect((await answer(s, p, true)).body).toEqual({ status: 'accepted' });
    expect((await answer(s, p, false)).status).toBe(409);

    const [linked] = await students(p);
    expect(linked?.status).toBe('accepted');
    expect(linked?.summary).toMatchObject({ average_score: 75, quizzes: 2, study_hours_7d: 1.5, quizzes_7d: 2 });
    expect((linked?.summary?.recent_attempts as { subject: string; percent: number }[]).map((a) => [a.subject, a.percent])).toEqual([
      ['history', 60],
      ['geography', 90],
    ]);
    expect(linked?.summary?.subjects).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'geography', totalQuizzes: 1, averageScore: 90 })]));
  });

  it('a declined link shows nothing and blocks a new request until removed', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    await played(s, { subject: 'religion', score: 10 });
    await ask(p, s);
    expect((await answer(s, p, false)).body).toEqual({ status: 'declined' });
    const [declined] = await students(p);
    expect(declined).toMatchObject({ status: 'declined' });
    expect(declined).not.toHaveProperty('summary');
    expect((await ask(p, s)).body.error.message).toBe(M.declined);
    expect((await call(removeStudent, p, { path: { studentId: s.user_id } })).status).toBe(204);
    expect(await students(p)).toEqual([]);
    expect((await call(listParents, s)).body.parents).toEqual([]);
  });

  it('consent requests are limited per pair: 3 a day however often the link is removed, none for 7 days after a decline (issue 17)', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    const asked = [];
    for (let i = 0; i < 6; i++) {
      const r = await ask(p, s);
      asked.push(r.status);
      if (r.status === 201) expect((await call(removeStudent, p, { path: { studentId: s.user_id } })).status).toBe(204);
      else expect(r.body.error).toMatchObject({ code: 'too_many_requests', message: CONSENT_MESSAGES.tooManyToday });
    }
    expect(asked).toEqual([201, 201, 201, 429, 429, 429]);
    // What the student gets: three requests in the bell, not six.
    const requests = async () => ((await call(listNotifications, s)).body.notifications as { type: string }[]).filter((n) => n.type === 'parent_link').length;
    await expect.poll(requests).toBe(CONSENT_LIMITS.perPairPerDay);

    // Another parent asks the same student: a pair of its own. The student declines; removing
    // and asking again right away is refused, and nothing reaches the student.
    const q = await parent();
    expect((await ask(q, s)).status).toBe(201);
    await expect.poll(requests).toBe(CONSENT_LIMITS.perPairPerDay + 1);
    expect((await answer(s, q, false)).body).toEqual({ status: 'declined' });
    expect((await call(removeStudent, q, { path: { studentId: s.user_id } })).status).toBe(204);
    const again = await ask(q, s);
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'declined_recently', message: CONSENT_MESSAGES.declinedRecently } } });
    expect(await students(q)).toEqual([]);
    // A student who removes a parent has said no too.
    const r = await parent();
    expect((await ask(r, s)).status).toBe(201);
    expect((await call(removeParent, s, { path: { parentId: r.user_id } })).status).toBe(204);
    expect((await ask(r, s)).body.error).toMatchObject({ code: 'declined_recently' });
    // Every event delivered: a refused ask that had published anyway would be in the bell by now.
    await eventsDelivered();
    expect(await requests()).toBe(CONSENT_LIMITS.perPairPerDay + 2);
  });

  it('either side removes the link; the student’s removal leaves the parent nothing', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    await ask(p, s);
    await answer(s, p, true);
    expect((await call(removeParent, s, { path: { parentId: p.user_id } })).status).toBe(204);
    expect(await students(p)).toEqual([]);
    expect((await call(removeParent, s, { path: { parentId: p.user_id } })).status).toBe(404);
    expect((await call(removeStudent, p, { path: { studentId: s.user_id } })).status).toBe(404);
  });

  it('refuses other roles (403) and other people’s links (404), with no data', async () => {
    const [p, s, otherParent, teacher, admin] = await Promise.all([parent(), player(), parent(), player({ role: 'teacher' }), player({ role: 'admin' })]);
    await ask(p, s);
    await answer(s, p, true);
    const parentRoutes: [Handler, Parameters<typeof httpEvent>[0]][] = [
      [listStudents, {}],
      [addStudent, { body: { email: s.email } }],
      [removeStudent, { path: { studentId: s.user_id } }],
      [setWeekly, { body: { enabled: true }, path: { studentId: s.user_id } }],
    ];
    for (const who of [s, teacher, admin]) {
      for (const [h, input] of parentRoutes) {
        const refused = await call(h, who, input);
        expect(refused.status).toBe(403);
        expect(Object.keys(refused.body)).toEqual(['error']);
      }
    }
    const studentRoutes: [Handler, Parameters<typeof httpEvent>[0]][] = [
      [listParents, {}],
      [respond, { body: { accept: true }, path: { parentId: p.user_id } }],
      [removeParent, { path: { parentId: p.user_id } }],
    ];
    for (const who of [p, teacher, admin]) {
      for (const [h, input] of studentRoutes) expect((await call(h, who, input)).status).toBe(403);
    }
    // Another parent cannot reach this link: not found, and their list stays empty.
    expect((await call(removeStudent, otherParent, { path: { studentId: s.user_id } })).status).toBe(404);
    const weekly = await call(setWeekly, otherParent, { body: { enabled: true }, path: { studentId: s.user_id } });
    expect(weekly.status).toBe(404);
    expect(Object.keys(weekly.body)).toEqual(['error']);
    expect(await students(otherParent)).toEqual([]);
    expect(await students(p)).toHaveLength(1);
  });

  it('the request reaches the student’s bell with the parent named, always on, in quiet hours too', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    await quietNow(s);
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    await notifyConsumer(envelope('ParentLinkRequested', { parentId: p.user_id, parentEmail: p.email, studentId: s.user_id, createdAt }) as never);
    const bell = (await call(listNotifications, s)).body.notifications as { type: string; message: string; action_url: string }[];
    expect(bell).toEqual([expect.objectContaining({ type: 'parent_link', action_url: `/profile?parentLink=${p.user_id}` })]);
    expect(bell[0]?.message).toContain(p.email);
  });

  it('the weekly e-mail goes to an opted-in parent once per week, with the week’s figures', async () => {
    const [p, s] = await Promise.all([parent(), player()]);
    await played(s, { subject: 'geography', score: 8, timeSpentMs: 7_200_000 });
    await ask(p, s);
    await answer(s, p, true);
    expect((await call(setWeekly, p, { body: { enabled: true }, path: { studentId: s.user_id } })).body).toEqual({ weekly_email: true });
    const run = { schedule: 'send-weekly-parent-summaries', scheduledTime: new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), payload: { maxEmails: 5000 } };
    await weeklyJob(run);
    await weeklyJob(run);
    const mail = await mailTo(mailbox, p.email, /Weekly summary/);
    expect(mail?.text).toContain(`Weekly summary for ${s.email}`);
    expect(mail?.text).toContain('Quizzes this week: 1');
    expect(mail?.text).toContain('Study time this week: 2 h');
    expect(mailbox.list().filter((m) => m.to.includes(p.email))).toHaveLength(1);
    // Switched off: the next week sends nothing.
    await call(setWeekly, p, { body: { enabled: false }, path: { studentId: s.user_id } });
    await weeklyJob({ ...run, scheduledTime: new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z') });
    expect(mailbox.list().filter((m) => m.to.includes(p.email))).toHaveLength(1);
  });
});
