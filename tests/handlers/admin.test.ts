import { randomUUID } from 'node:crypto';
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Profile } from '../../shared/api.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { jsonCaller } from '../support/json-call.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The admin console's API: every endpoint refuses other roles with 403 and no
 * data, the user management does what it says end to end (Cognito, the profile, the
 * invitation e-mail, the data of a deleted account), the overview's figures come from
 * real play through the real consumer, and the seen-question reset really clears.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const { handler: overview } = await import('../../functions/admin/get-overview.ts');
const { handler: listUsers } = await import('../../functions/admin/list-users.ts');
const { handler: addUser } = await import('../../functions/admin/add-user.ts');
const { handler: editUser } = await import('../../functions/admin/edit-user.ts');
const { handler: deleteUser } = await import('../../functions/admin/delete-user.ts');
const { handler: resetSeen } = await import('../../functions/admin/reset-seen-tracking.ts');
const { handler: auditLog } = await import('../../functions/admin/list-audit-log.ts');
const { handler: generateUpcoming } = await import('../../functions/daily/generate-upcoming.ts');
const { handler: quickMatch } = await import('../../functions/tournaments/quick-match.ts');
const { handler: aggregate } = await import('../../functions/admin/aggregate-stats.ts');
const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { handler: deleteAccount } = await import('../../functions/profile/delete-account.ts');
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { handler: answerQuestion } = await import('../../functions/quiz/answer-question.ts');
const { handler: resetPassword } = await import('../../functions/auth/reset-password.ts');
const { getProfile } = await import('../../functions/profile/data/profiles.ts');
const { getSeen } = await import('../../functions/quiz/data/rounds.ts');
const { useStatsPartitionForTests } = await import('../../functions/admin/data/admin-stats.ts');
const { useSeenResetKeyForTests } = await import('../../functions/quiz/data/seen-tracking.ts');
const { documentClient, eventsClient } = await import('../../functions/lib/clients.ts');
const { lookUpAccount } = await import('../../functions/auth/data/accounts.ts');
const { markMfaEnabled } = await import('../../functions/auth/data/mfa.ts');
const { useAdminWitnessesForTests } = await import('../../functions/admin/data/admin-accounts.ts');
const { ADMIN_MESSAGES } = await import('../../shared/admin/users.ts');

// This file counts into a statistics partition and a reset generation of its own: the other
// files' plays reach the shared ones through the local bus at the same time.
useStatsPartitionForTests(`ADMINSTATS#test-${randomUUID()}`);
useSeenResetKeyForTests(`SEEN-RESET#test-${randomUUID()}`);

/** Every event the handlers of this file publish, as EventBridge would hand them to a consumer. */
const published: { id: string; 'detail-type': string; source: string; time: string; detail: unknown }[] = [];
beforeAll(() => {
  eventsClient().middlewareStack.add(
    (next) => async (args) => {
      if (args.input && (args as { input: unknown }).input && 'Entries' in (args.input as object)) {
        for (const entry of (args.input as PutEventsCommand['input']).Entries ?? []) {
          const detail = JSON.parse(entry.Detail ?? '{}') as { attemptId?: string };
          // The shared bus counts a quiz once by its attempt, into the shared partition: this file's partition counts it under an attempt id of its own.
          if (entry.DetailType === 'QuizCompleted') detail.attemptId = `${detail.attemptId}-admin-test`;
          published.push({ id: randomUUID(), 'detail-type': entry.DetailType!, source: entry.Source!, time: new Date().toISOString(), detail });
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'admin-test-capture' },
  );
});
afterAll(() => eventsClient().middlewareStack.remove('admin-test-capture'));

/** Hands the captured events to the aggregate consumer, as the bus would (and returns them). */
async function deliverToAggregate(): Promise<typeof published> {
  const batch = published.splice(0);
  for (const event of batch) await aggregate({ version: '0', account: '0', region: 'us-east-1', resources: [], ...event } as never);
  return batch;
}

const admin = () => player({ role: 'admin' });
const as = (who: Profile, extra: Parameters<typeof httpEvent>[0] = {}) => httpEvent({ ...extra, sub: who.user_id });

const call = jsonCaller(api);

/** Items anywhere in the table naming the account (short-lived counters, event markers and the audit log aside). */
async function itemsNaming(userId: string, email: string): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (pk.startsWith('RATE#') || pk.startsWith('EVENT#') || pk === 'AUDIT') continue;
      const text = JSON.stringify(item);
      if (text.includes(userId) || text.includes(email)) found.push(`${item.pk} ${item.sk}`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Plays a practice round to the end, answering with `choose`; answers the round's result. */
async function playRound(who: Profile, subject: string, choose: (options: string[], i: number) => string) {
  const started = parse(await startRound(as(who, { body: { subject, level: 'beginner' } })));
  expect(started.status).toBe(201);
  let last: { status: number; body: { finished: boolean; result: { score: number; total: number } | null } } | undefined;
  for (const [i, question] of (started.body.questions as { id: string; options: string[] }[]).entries()) {
    last = parse(await answerQuestion({ ...as(who, { body: { questionId: question.id, answer: choose(question.options, i) } }), pathParameters: { roundId: started.body.roundId } }));
    expect(last.status).toBe(200);
  }
  expect(last!.body.finished).toBe(true);
  return last!.body.result!;
}

describe('admin only, checked by the server on every call', () => {
  it('refuses every other role (and a caller with no profile) with 403 and no data, and changes nothing', async () => {
    const target = await player();
    const callers = [await player(), await player({ role: 'parent' }), await player({ role: 'teacher' }), { ...(await player()), user_id: randomUUID() }];
    const before = await getProfile(target.user_id);
    for (const caller of callers) {
      const attempts = {
        overview: await overview(as(caller)),
        listUsers: await listUsers(as(caller, { query: { role: 'student' } })),
        addUser: await addUser(as(caller, { body: { email: uniqueEmail('nope'), role: 'admin' } })),
        editUser: await editUser(as(caller, { path: { userId: target.user_id }, body: { email: target.email, role: 'admin', subscription_status: 'premium' } })),
        deleteUser: await deleteUser(as(caller, { path: { userId: target.user_id } })),
        resetSeen: await resetSeen(as(caller)),
        auditLog: await auditLog(as(caller)),
        generateUpcoming: await generateUpcoming(as(caller)),
        quickMatch: await quickMatch(as(caller, { body: {} })),
      };
      for (const [name, result] of Object.entries(attempts)) {
        const { status, body } = parse(result);
        expect(status, `${name} as ${caller.role}`).toBe(403);
        expect(Object.keys(body), name).toEqual(['error']);
        expect(JSON.stringify(body)).not.toContain(target.email);
      }
      expect(parse(attempts.overview).body.error.message).toBe(caller.user_id === callers[3]!.user_id ? 'No profile exists for this account' : 'Admin privileges required');
    }
    // Signed out: 401.
    expect(parse(await overview(httpEvent()))).toMatchObject({ status: 401, body: { error: { message: 'Authentication required' } } });
    expect(await getProfile(target.user_id)).toEqual(before);
  });
});

describe('Users: add, edit, delete', () => {
  it('Add User creates the account with its role and e-mails an invitation that sets the password', async () => {
    const boss = await admin();
    const email = uniqueEmail('invited');

    const bad = parse(await addUser(as(boss, { body: { email: 'not-an-email', role: 'teacher' } })));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe('Invalid email format');
    expect(parse(await addUser(as(boss, { body: { email: `${'a'.repeat(250)}@example.com` } }))).body.error.fields.email).toBe('Must be no more than 255 characters');

    const added = parse(await addUser(as(boss, { body: { email: `  ${email.toUpperCase()} ` } })));
    expect(added.status).toBe(201);
    expect(added.body.profile).toMatchObject({ email, role: 'student', subscription_status: 'free' });
    const teacher = parse(await addUser(as(boss, { body: { email: uniqueEmail('teacher'), role: 'teacher' } })));
    expect(teacher.body.profile.role).toBe('teacher');
    // The same address again is refused.
    expect(parse(await addUser(as(boss, { body: { email } }))).status).toBe(409);

    // The invitation's link sets a password; the person then signs in.
    const mail = await mailTo(mailbox, email, /invited/);
    expect(mail?.text).toContain('/reset-password?token=');
    expect(parse(await resetPassword(httpEvent({ body: { token: linkToken(mail, 'token'), password: 'Invited#2026', confirmPassword: 'Invited#2026' } }))).status).toBe(200);
    const signIn = await call<{ profile: Profile }>('/api/auth/sign-in', { body: { email, password: 'Invited#2026' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.profile.user_id).toBe(added.body.profile.user_id);

    const log = parse(await auditLog(as(boss, { query: { limit: '100' } }))).body.entries as { actor_id: string; action: string; target: string }[];
    expect(log.filter((e) => e.actor_id === boss.user_id).map((e) => [e.action, e.target])).toEqual([
      ['user.create', teacher.body.profile.user_id],
      ['user.create', added.body.profile.user_id],
    ]);
  });

  it('Edit User changes e-mail, role and plan; the person then has premium', async () => {
    const boss = await admin();
    const student = parse(await addUser(as(boss, { body: { email: uniqueEmail('to-edit') } }))).body.profile as Profile;
    const email = uniqueEmail('renamed');
    const edited = parse(await editUser(as(boss, { path: { userId: student.user_id }, body: { email, role: 'student', subscription_status: 'premium' } })));
    expect(edited.status).toBe(200);
    expect(edited.body.profile).toMatchObject({ email, subscription_status: 'premium' });
    // What the person's own browser reads next.
    expect(parse(await getMe(as(student))).body.profile).toMatchObject({ email, subscription_status: 'premium' });
    // The role index follows.
    const teachers = async () => (parse(await listUsers(as(boss, { query: { role: 'teacher', limit: '100' } }))).body.profiles as Profile[]).map((p) => p.user_id);
    expect(parse(await editUser(as(boss, { path: { userId: student.user_id }, body: { email, role: 'teacher', subscription_status: 'premium' } }))).status).toBe(200);
    expect(await teachers()).toContain(student.user_id);
    expect((await getProfile(student.user_id))!.role).toBe('teacher');
    // Search by the start of the address, within the role.
    const found = async (role: string, q: string) => (parse(await listUsers(as(boss, { query: { role, q } }))).body.profiles as Profile[]).map((p) => p.email);
    expect(await found('teacher', email.slice(0, 12).toUpperCase())).toContain(email);
    expect(await found('student', email.slice(0, 12))).not.toContain(email);

    expect(parse(await editUser(as(boss, { path: { userId: randomUUID() }, body: { email, role: 'student', subscription_status: 'free' } }))).status).toBe(404);
    expect(parse(await editUser(as(boss, { path: { userId: student.user_id }, body: { email: '', role: 'student', subscription_status: 'free' } }))).body.error.fields.email).toBe('Email address is required');
  });

  it('Delete removes the identity and every item of the account; an admin must be demoted first', async () => {
    const boss = await admin();
    const other = await admin();
    const refused = parse(await deleteUser(as(boss, { path: { userId: other.user_id } })));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'admin_protected', message: ADMIN_MESSAGES.adminProtected } } });
    expect(await getProfile(other.user_id)).toBeDefined();

    const email = uniqueEmail('doomed');
    const added = parse(await addUser(as(boss, { body: { email } })));
    const userId = added.body.profile.user_id as string;
    const victim = (await getProfile(userId))!;
    await playRound(victim, 'history', (options) => options[0]!);
    await expect.poll(async () => (await itemsNaming(userId, email)).length).toBeGreaterThan(3);

    const deleted = parse(await deleteUser(as(boss, { path: { userId } })));
    expect(deleted.status).toBe(202);
    // The bus runs the deletion consumer; once more here, as a redelivery would.
    await deleteAccountData({ version: '0', id: randomUUID(), 'detail-type': 'AccountDeleted', source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail: { userId, email, role: 'student' } } as never);
    await expect.poll(() => itemsNaming(userId, email), { timeout: 15_000 }).toEqual([]);
    // The identity is gone: nobody signs in with it any more.
    expect((await lookUpAccount(userId)).status).toBe('missing');
  });
});

describe('Admins: promotion is reversible, never leaving no admin (issue 17 item 15)', () => {
  /** An admin with a real identity (Add User), as promotion makes one. */
  async function promoted(by: Profile): Promise<Profile> {
    const added = parse(await addUser(as(by, { body: { email: uniqueEmail('promoted'), role: 'admin' } })));
    expect(added.status).toBe(201);
    // A new admin turns two-step sign-in on (/security) before the console answers them.
    await markMfaEnabled(added.body.profile.user_id, new Date());
    return (await getProfile(added.body.profile.user_id))!;
  }
  const demote = (by: Profile, who: Profile) => editUser(as(by, { path: { userId: who.user_id }, body: { email: who.email, role: 'student', subscription_status: who.subscription_status } })).then(parse);

  it('another admin demotes an admin: the role and the console go at once, the log says so, and the account can then be deleted', async () => {
    const boss = await admin();
    const other = await promoted(boss);
    expect(parse(await overview(as(other))).status).toBe(200);

    const demoted = await demote(boss, other);
    expect(demoted.status).toBe(200);
    expect(demoted.body.profile.role).toBe('student');
    expect((await getProfile(other.user_id))!.role).toBe('student');
    expect(parse(await overview(as(other)))).toMatchObject({ status: 403, body: { error: { code: 'admin_required' } } });
    const students = (parse(await listUsers(as(boss, { query: { role: 'student', q: other.email } }))).body.profiles as Profile[]).map((p) => p.user_id);
    expect(students).toContain(other.user_id);

    const log = parse(await auditLog(as(boss, { query: { limit: '100' } }))).body.entries as { actor_id: string; action: string; target: string; detail: Record<string, string> }[];
    expect(log.find((e) => e.actor_id === boss.user_id && e.target === other.user_id && e.action === 'user.update')?.detail).toMatchObject({ role: 'admin → student' });

    expect(parse(await deleteUser(as(boss, { path: { userId: other.user_id } }))).status).toBe(202);
    expect(await getProfile(other.user_id)).toBeUndefined();
  });

  it('an admin’s sign-in e-mail is not changed from the table', async () => {
    const boss = await admin();
    const other = await promoted(boss);
    const refused = parse(await editUser(as(boss, { path: { userId: other.user_id }, body: { email: uniqueEmail('taken-over'), role: 'admin', subscription_status: 'free' } })));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'admin_protected' } } });
    expect((await getProfile(other.user_id))!.email).toBe(other.email);
  });

  it('two admins demoting each other at the same moment: exactly one succeeds, the other stays admin', async () => {
    const boss = await admin();
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await promoted(boss), await promoted(boss)];
      const results = await Promise.all([demote(a, b), demote(b, a)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      const roles = [(await getProfile(a.user_id))!.role, (await getProfile(b.user_id))!.role].sort();
      expect(roles).toEqual(['admin', 'student']);
    }
  });

  it('an admin may step down only while another admin remains (checked in the same write)', async () => {
    const boss = await promoted(await admin());
    const stepDown = () => demote(boss, boss);
    // No other admin: refused, still admin.
    useAdminWitnessesForTests(async () => []);
    expect(await stepDown()).toMatchObject({ status: 409, body: { error: { code: 'last_admin', message: ADMIN_MESSAGES.lastAdmin } } });
    // The only one the index still names was demoted meanwhile: refused too (the check reads the item).
    const former = await promoted(boss);
    expect((await demote(boss, former)).status).toBe(200);
    useAdminWitnessesForTests(async () => [former.user_id]);
    expect((await stepDown()).status).toBe(409);
    expect((await getProfile(boss.user_id))!.role).toBe('admin');
    // Another admin remains: done.
    const successor = await promoted(boss);
    useAdminWitnessesForTests(async () => [former.user_id, successor.user_id]);
    expect((await stepDown()).status).toBe(200);
    expect((await getProfile(boss.user_id))!.role).toBe('student');
    useAdminWitnessesForTests(undefined);
  });

  it('an admin’s own Delete Account is refused while no other admin remains, and goes through when one does', async () => {
    const boss = await promoted(await admin());
    useAdminWitnessesForTests(async () => []);
    try {
      expect(parse(await deleteAccount(as(boss)))).toMatchObject({ status: 409, body: { error: { code: 'last_admin', message: ADMIN_MESSAGES.lastAdmin } } });
      expect((await getProfile(boss.user_id))!.role).toBe('admin');
      expect((await lookUpAccount(boss.user_id)).status).not.toBe('missing');
      const successor = await promoted(boss);
      useAdminWitnessesForTests(async () => [successor.user_id]);
      expect(parse(await deleteAccount(as(boss))).status).toBe(202);
      expect((await lookUpAccount(boss.user_id)).status).toBe('missing');
    } finally {
      useAdminWitnessesForTests(undefined);
    }
  });
});

describe('Overview: figures from real play', () => {
  it('counts accounts by role, quizzes, scores, time, subjects and today, once per event', async () => {
    published.splice(0); // earlier tests' events: this test starts from an empty partition
    const boss = await admin();
    expect(parse(await overview(as(boss))).body.stats).toMatchObject({ totalUsers: 0, totalQuizzes: 0, averageScore: 0, activeToday: 0 });

    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map(async (n, i) => parse(await addUser(as(boss, { body: { email: uniqueEmail(`stats-${n}`), role: i === 2 ? 'teacher' : 'student' } }))).body.profile as Profile),
    );
    const results = [
      await playRound(a!, 'history', (options, i) => (i % 2 ? options[0]! : options[1]!)),
      await playRound(a!, 'geography', (options) => options[0]!),
      await playRound(b!, 'history', (options) => options[2]!),
    ];
    expect(parse(await editUser(as(boss, { path: { userId: c!.user_id }, body: { email: c!.email, role: 'parent', subscription_status: 'free' } }))).status).toBe(200);
    expect(parse(await deleteUser(as(boss, { path: { userId: b!.user_id } }))).status).toBe(202);

    const delivered = await deliverToAggregate();
    const quizzes = delivered.filter((e) => e['detail-type'] === 'QuizCompleted').map((e) => e.detail as { score: number; total: number; timeSpentMs: number });
    expect(quizzes.map((q) => [q.score, q.total])).toEqual(results.map((r) => [r.score, r.total]));
    // A redelivery of every event changes nothing; nor does a quiz published again (a new event: a later finish of its round sends one).
    for (const event of delivered) await aggregate({ version: '0', account: '0', region: 'us-east-1', resources: [], ...event } as never);
    for (const event of delivered.filter((e) => e['detail-type'] === 'QuizCompleted')) {
      await aggregate({ version: '0', account: '0', region: 'us-east-1', resources: [], ...event, id: randomUUID() } as never);
    }

    const stats = parse(await overview(as(boss))).body.stats;
    const today = new Date().toISOString().slice(0, 10);
    const pct = (r: { score: number; total: number }) => (r.score * 100) / r.total;
    // Three added, one student deleted, the teacher moved to parent (admins made here are written straight to the table).
    expect(stats.totalUsers).toBe(2);
    expect(stats.usersByRole).toEqual({ student: 1, parent: 1, teacher: 0, admin: 0 });
    expect(stats.totalQuizzes).toBe(3);
    expect(stats.averageScore).toBe(Math.round(results.reduce((sum, r) => sum + pct(r), 0) / 3));
    expect(stats.activeToday).toBe(2);
    expect(stats.averageTimeSpent).toBe(Math.round(quizzes.reduce((sum, q) => sum + q.timeSpentMs, 0) / 3 / 1000));
    expect(stats.subjectStats).toEqual({
      history: { attempts: 2, total: results[0]!.total + results[2]!.total, correct: results[0]!.score + results[2]!.score },
      geography: { attempts: 1, total: results[1]!.total, correct: results[1]!.score },
      religion: { attempts: 0, total: 0, correct: 0 },
    });
    expect(stats.recentActivity).toHaveLength(7);
    expect(stats.recentActivity.at(-1)).toEqual({ date: today, quizCount: 3, averageScore: stats.averageScore });
    expect(stats.recentActivity.slice(0, 6).every((d: { quizCount: number }) => d.quizCount === 0)).toBe(true);
  });
});

describe('Reset of seen-question tracking', () => {
  it('forgets every user’s seen questions at once; the next round starts afresh', async () => {
    const boss = await admin();
    const [one, two] = [await player(), await player()];
    await playRound(one, 'religion', (options) => options[0]!);
    await playRound(two, 'religion', (options) => options[0]!);
    expect((await getSeen(one.user_id, 'religion', 'beginner')).size).toBe(10);
    expect((await getSeen(two.user_id, 'religion', 'beginner')).size).toBe(10);

    const reset = parse(await resetSeen(as(boss)));
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Question tracking reset successfully');
    expect((await getSeen(one.user_id, 'religion', 'beginner')).size).toBe(0);
    expect((await getSeen(two.user_id, 'religion', 'beginner')).size).toBe(0);

    // The next round replaces the old set instead of adding to it.
    await playRound(one, 'religion', (options) => options[0]!);
    expect((await getSeen(one.user_id, 'religion', 'beginner')).size).toBe(10);
    expect((await getSeen(two.user_id, 'religion', 'beginner')).size).toBe(0);
    const log = parse(await auditLog(as(boss))).body.entries as { actor_id: string; action: string }[];
    expect(log.find((e) => e.actor_id === boss.user_id)?.action).toBe('seen-tracking.reset');
  });
});
