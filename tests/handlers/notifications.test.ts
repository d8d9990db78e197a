import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { compactInstant } from '../../shared/notifications/notification.ts';
import { nextStudyReminder } from '../../shared/notifications/reminders.ts';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type NotificationSettings } from '../../shared/notifications/settings.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Notifications (docs/social.md): each consumer makes its item once, the
 * recipient's settings are honoured by the server, nobody reaches another's notification,
 * and the scheduler sends study reminders at the preferred time in the account's zone.
 */
useLocalStack();
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { handler: list } = await import('../../functions/notifications/list-notifications.ts');
const { handler: markRead } = await import('../../functions/notifications/mark-read.ts');
const { handler: markAllRead } = await import('../../functions/notifications/mark-all-read.ts');
const { handler: remove } = await import('../../functions/notifications/delete-notification.ts');
const { handler: getSettings } = await import('../../functions/notifications/get-settings.ts');
const { handler: saveSettings } = await import('../../functions/notifications/save-settings.ts');
const { handler: sendStudyReminders } = await import('../../functions/notifications/send-study-reminders.ts');
const { handler: updateStreak } = await import('../../functions/quiz/update-streak.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { getProfile } = await import('../../functions/profile/data/profiles.ts');
const tableKeys = await import('../../functions/data/table-keys.ts');

/** Friends both ways, as an accepted request leaves them: a friend challenge is told only between friends. */
async function befriend(a: { user_id: string; email: string }, b: { user_id: string; email: string }): Promise<void> {
  for (const [me, other] of [[a, b], [b, a]] as const) {
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...tableKeys.friend(me.user_id, other.user_id), type: 'friend', friend_id: other.user_id, friend_email: other.email, accepted_at: now() } }));
  }
}

type Person = Awaited<ReturnType<typeof player>>;
type Item = { id: string; type: string; title: string; message: string; priority: string; read: boolean; action_url?: string; action_text?: string };

function envelope(detailType: string, detail: Record<string, unknown>) {
  return { version: '0', id: randomUUID(), 'detail-type': detailType, source: 'quizquest', account: '000000000000', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail };
}
/** Yesterday at noon UTC, a second later each call: outside the default quiet hours (22:00–08:00), whenever the test runs. */
let tick = 0;
const now = () => {
  const noon = new Date(Date.now() - 86_400_000);
  noon.setUTCHours(12, 0, tick++, 0);
  return noon.toISOString();
};
const bell = async (who: Person) => parse(await list(httpEvent({ sub: who.user_id }))).body as { notifications: Item[]; unread: number };
const save = async (who: Person, settings: Partial<NotificationSettings> & { timeZone?: string }) =>
  parse(await saveSettings(httpEvent({ sub: who.user_id, body: { ...DEFAULT_SETTINGS, ...settings } })));

async function rows(who: Person, prefix: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :p)' : 'pk = :pk',
      ExpressionAttributeValues: prefix ? { ':pk': `USER#${who.user_id}`, ':p': prefix } : { ':pk': `USER#${who.user_id}` },
    }),
  );
  return Items ?? [];
}

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

describe('notifications made by consumers', () => {
  it('an achievement makes one item, however often its event arrives', async () => {
    const me = await player();
    const event = { userId: me.user_id, achievementId: 'perfect_score', unlockedAt: now() };
    await notifyConsumer(envelope('AchievementUnlocked', event));
    await notifyConsumer(envelope('AchievementUnlocked', event));
    const { notifications, unread } = await bell(me);
    expect(unread).toBe(1);
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'achievement', title: 'Achievement unlocked!', message: '💯 Perfectionist: Score 100% on a quiz', priority: 'medium', read: false, action_url: '/dashboard' }),
    ]);
  });

  it('a friend request and a challenge reach the receiver once; the challenge is high priority', async () => {
    const [sender, receiver] = await Promise.all([player(), player()]);
    await befriend(sender, receiver);
    const request = envelope('FriendRequestSent', { senderId: sender.user_id, senderEmail: sender.email, receiverId: receiver.user_id, createdAt: now() });
    await notifyConsumer(request);
    await notifyConsumer(request);
    const challenge = envelope('ChallengeSent', {
      challengeId: randomUUID().replace(/-/g, '').slice(0, 24),
      challengerId: sender.user_id,
      challengerEmail: sender.email,
      challengedId: receiver.user_id,
      subject: 'history',
      level: 'beginner',
      questionCount: 10,
      createdAt: now(),
    });
    await notifyConsumer(challenge);
    await notifyConsumer({ ...challenge, id: randomUUID() });

    const { notifications } = await bell(receiver);
    expect(notifications.map((n) => [n.type, n.priority, n.message])).toEqual(
      expect.arrayContaining([
        ['friend_request', 'medium', `${sender.email} sent you a friend request.`],
        ['friend_challenge', 'high', `${sender.email} challenged you to 10 questions of History (Beginner).`],
      ]),
    );
    expect(notifications).toHaveLength(2);
    expect((await bell(sender)).notifications).toEqual([]);
  });

  it('a finished challenge tells both players their result once, even if announced twice', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await befriend(a, b);
    const detail = {
      challengeId: randomUUID().replace(/-/g, '').slice(0, 24),
      challengerId: a.user_id,
      challengedId: b.user_id,
      subject: 'geography',
      level: 'advanced',
      challengerScore: { score: 9, total: 10 },
      challengedScore: { score: 6, total: 10 },
      winnerId: a.user_id,
      completedAt: now(),
    };
    await notifyConsumer(envelope('ChallengeFinished', detail));
    await notifyConsumer(envelope('ChallengeFinished', detail));
    expect((await bell(a)).notifications.map((n) => n.message)).toEqual(['You won 9/10 to 6/10 in Geography (Advanced).']);
    expect((await bell(b)).notifications.map((n) => n.message)).toEqual(['You lost 6/10 to 9/10 in Geography (Advanced).']);
  });

  it('a streak reminder at 5 days uses the first wording, once', async () => {
    const me = await player();
    const today = new Date();
    for (let back = 4; back >= 0; back--) {
      const at = new Date(today.getTime() - back * 86_400_000);
      at.setUTCHours(12, 0, 0, 0);
      const detail = { attemptId: randomUUID(), userId: me.user_id, subject: 'geography', level: 'beginner', mode: 'practice', score: 5, total: 10, points: 50, timeSpentMs: 60_000, completedAt: at.toISOString(), timeZone: 'UTC', topics: [] };
      await updateStreak(envelope('QuizCompleted', detail));
      if (back === 0) await updateStreak(envelope('QuizCompleted', detail));
    }
    const streak = (await rows(me, 'NOTIF#')).filter((n) => n.kind === 'streak');
    expect(streak).toHaveLength(1);
    expect(streak[0]).toMatchObject({ title: '5-day streak', message: '5 days in a row! Keep your streak alive with a quiz today.' });
  });
});

describe('settings are honoured by the server', () => {
  it('a type switched off makes no item; the others still arrive', async () => {
    const [me, friend] = await Promise.all([player(), player()]);
    expect((await save(me, { achievementCelebrations: false, friendChallenges: false })).status).toBe(200);
    await notifyConsumer(envelope('AchievementUnlocked', { userId: me.user_id, achievementId: 'first_quiz', unlockedAt: now() }));
    await notifyConsumer(envelope('FriendRequestSent', { senderId: friend.user_id, senderEmail: friend.email, receiverId: me.user_id, createdAt: now() }));
    expect(await rows(me, 'NOTIF#')).toEqual([]);

    await save(me, { achievementCelebrations: true, friendChallenges: false });
    await notifyConsumer(envelope('AchievementUnlocked', { userId: me.user_id, achievementId: 'first_quiz', unlockedAt: now() }));
    expect((await bell(me)).notifications.map((n) => n.type)).toEqual(['achievement']);
  });

  it('an item made in quiet hours is held until they end: not in the bell before', async () => {
    const me = await player();
    const made = new Date();
    // Quiet hours from an hour ago to two hours on, in the account's zone (UTC: it has played no round).
    const quietHours = { start: hhmm(new Date(made.getTime() - 3_600_000)), end: hhmm(new Date(made.getTime() + 2 * 3_600_000)) };
    expect((await save(me, { quietHours })).status).toBe(200);
    await notifyConsumer(envelope('AchievementUnlocked', { userId: me.user_id, achievementId: 'first_quiz', unlockedAt: made.toISOString() }));

    expect(await bell(me)).toEqual({ notifications: [], unread: 0 });
    const [held] = await rows(me, 'NOTIF#');
    expect(held).toBeDefined();
    expect(String(held!.deliver_at).slice(11, 16)).toBe(quietHours.end);
    expect(Date.parse(String(held!.deliver_at))).toBeGreaterThan(made.getTime());
  });

  it('gives defaults until saved, and refuses invalid settings with the field’s message', async () => {
    const me = await player();
    expect(parse(await getSettings(httpEvent({ sub: me.user_id }))).body).toEqual({
      settings: { streakReminders: true, tournamentAlerts: true, achievementCelebrations: true, studyReminders: true, friendChallenges: true, quietHours: { start: '22:00', end: '08:00' }, preferredStudyTime: '19:00' },
    });

    const badTime = await save(me, { preferredStudyTime: '25:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error).toMatchObject({ message: SETTINGS_MESSAGES.time, fields: { preferredStudyTime: SETTINGS_MESSAGES.time } });

    const sameHours = await save(me, { quietHours: { start: '22:00', end: '22:00' } });
    expect(sameHours.status).toBe(400);
    expect(sameHours.body.error.message).toBe(SETTINGS_MESSAGES.quietHoursSame);

    const notABoolean = parse(await saveSettings(httpEvent({ sub: me.user_id, body: { ...DEFAULT_SETTINGS, studyReminders: 'yes' } })));
    expect(notABoolean.status).toBe(400);
    expect(notABoolean.body.error.fields).toEqual({ studyReminders: SETTINGS_MESSAGES.toggle });

    // Nothing was saved by the refused attempts.
    expect(parse(await getSettings(httpEvent({ sub: me.user_id }))).body.settings.preferredStudyTime).toBe('19:00');
    const saved = await save(me, { preferredStudyTime: '18:30', tournamentAlerts: false });
    expect(saved.body.settings).toMatchObject({ preferredStudyTime: '18:30', tournamentAlerts: false });
    expect(parse(await getSettings(httpEvent({ sub: me.user_id }))).body.settings).toMatchObject({ preferredStudyTime: '18:30', tournamentAlerts: false });
  });
});

describe('the bell: the caller’s own notifications only', () => {
  async function withTwo(who: Person) {
    for (const achievementId of ['first_quiz', 'perfect_score']) {
      await notifyConsumer(envelope('AchievementUnlocked', { userId: who.user_id, achievementId, unlockedAt: now() }));
    }
    return (await bell(who)).notifications;
  }

  it('marks one read, all read, and deletes', async () => {
    const me = await player();
    const [first, second] = await withTwo(me);
    expect((await markRead(httpEvent({ sub: me.user_id, path: { notificationId: first!.id } }))).statusCode).toBe(204);
    expect((await bell(me)).unread).toBe(1);
    expect(parse(await markAllRead(httpEvent({ sub: me.user_id }))).body).toEqual({ marked: 1 });
    expect((await bell(me)).notifications.every((n) => n.read)).toBe(true);
    expect((await remove(httpEvent({ sub: me.user_id, path: { notificationId: second!.id } }))).statusCode).toBe(204);
    expect((await bell(me)).notifications.map((n) => n.id)).toEqual([first!.id]);
  });

  it('another user’s notification id is not found, and stays as it was', async () => {
    const [owner, other] = await Promise.all([player(), player()]);
    const [theirs] = await withTwo(owner);
    for (const call of [markRead, remove]) {
      const result = parse(await call(httpEvent({ sub: other.user_id, path: { notificationId: theirs!.id } })));
      expect(result.status).toBe(404);
      expect(JSON.stringify(result.body)).not.toContain(theirs!.message);
    }
    expect((await bell(owner)).notifications.find((n) => n.id === theirs!.id)).toMatchObject({ read: false });
    expect((await bell(other)).notifications).toEqual([]);
    // Ids that cannot be one are not found either, never a 500.
    for (const notificationId of ['x', '../NOTIF-SETTINGS', `${theirs!.id}0`]) {
      expect((await markRead(httpEvent({ sub: other.user_id, path: { notificationId } }))).statusCode).toBe(404);
    }
    expect((await list(httpEvent({}))).statusCode).toBe(401);
  });

  it('lists the newest 20', async () => {
    const me = await player();
    const base = Date.parse(now());
    const senders = await Promise.all(Array.from({ length: 22 }, () => player()));
    for (const [i, sender] of senders.entries()) {
      await notifyConsumer(envelope('FriendRequestSent', { senderId: sender.user_id, senderEmail: sender.email, receiverId: me.user_id, createdAt: new Date(base + i * 60_000).toISOString() }));
    }
    const { notifications, unread } = await bell(me);
    expect(notifications).toHaveLength(20);
    expect(unread).toBe(20);
    expect(notifications[0]!.message).toBe(`${senders[21]!.email} sent you a friend request.`);
    expect(notifications[19]!.message).toBe(`${senders[2]!.email} sent you a friend request.`);
  });
});

describe('the cost of the bell', () => {
  async function countRequests(run: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const name = `count-${Math.random()}`;
    documentClient().middlewareStack.add((next) => async (args) => {
      count += 1;
      return next(args);
    }, { step: 'initialize', name });
    try {
      await run();
    } finally {
      documentClient().middlewareStack.remove(name);
    }
    return count;
  }

  it('is the same number of DynamoDB requests with 1 or 60 notifications (one bounded query)', async () => {
    const { putNotificationOnce } = await import('../../functions/notifications/data/notifications.ts');
    const [few, many] = await Promise.all([player(), player()]);
    const put = (who: Person, i: number) => {
      const at = new Date(Date.parse(now()) - i * 60_000);
      const keyHash = i.toString(16).padStart(16, '0');
      const id = `${compactInstant(at)}-${keyHash}`;
      return putNotificationOnce(who.user_id, { id, keyHash, type: 'achievement', title: 't', message: 'm', priority: 'low', createdAt: at.toISOString(), deliverAt: at });
    };
    await put(few, 0);
    for (let i = 0; i < 60; i++) await put(many, i);
    const costFew = await countRequests(() => list(httpEvent({ sub: few.user_id })));
    const costMany = await countRequests(() => list(httpEvent({ sub: many.user_id })));
    expect(costMany).toBe(costFew);
    // The caller's records (one BatchGet) and the notifications (one Query, at most 20 items).
    expect(costMany).toBe(2);
    expect((await bell(many)).notifications).toHaveLength(20);
  });
});

describe('study reminders by the scheduler', () => {
  /**
   * A run of the job, which only enqueues (one StudyReminderDue each): the stack's queued
   * consumer handles the message, so wait until the reminder due at `due` has been handled.
   */
  const run = async (scheduledTime: string, who: Person, due: string) => {
    await sendStudyReminders({ schedule: 'send-study-reminders', scheduledTime, payload: { maxReminders: 500, lateAfterMinutes: 60, lookbackHours: 24 } });
    const deadline = Date.now() + 10_000;
    while ((await rows(who, 'REMIND#')).some((r) => r.due_at === due)) {
      if (Date.now() > deadline) throw new Error(`the reminder due at ${due} was not handled`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('saving schedules the next 7 days at the preferred time in the account’s zone; a run sends the due one and rolls the week on', async () => {
    const me = await player();
    expect((await save(me, { preferredStudyTime: '19:00', timeZone: 'Europe/Vienna' })).status).toBe(200);
    expect((await getProfile(me.user_id))?.time_zone).toBe('Europe/Vienna');

    const dues = (await rows(me, 'REMIND#')).map((r) => String(r.due_at)).sort();
    expect(dues).toHaveLength(7);
    for (const due of dues) {
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(due))).toBe('19:00');
    }

    const first = dues[0]!;
    await run(new Date(Date.parse(first) + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), me, first);
    const sent = (await rows(me, 'NOTIF#')).filter((n) => n.kind === 'study_reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Time to study', priority: 'low', deliver_at: first });

    const after = (await rows(me, 'REMIND#')).map((r) => String(r.due_at)).sort();
    expect(after).toHaveLength(7);
    expect(after).not.toContain(first);
    expect(after).toContain(nextStudyReminder(new Date(first), 'Europe/Vienna', '19:00').toISOString());

    // A second run for the same time sends nothing more.
    await run(new Date(Date.parse(first) + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), me, first);
    expect((await rows(me, 'NOTIF#')).filter((n) => n.kind === 'study_reminder')).toHaveLength(1);
  });

  it('an account that never saved settings gets the default reminders (19:00) from its first round, once', async () => {
    const me = await player({ time_zone: 'Asia/Tokyo' });
    const round = { attemptId: randomUUID(), userId: me.user_id, subject: 'geography', level: 'beginner', mode: 'practice', score: 5, total: 10, points: 50, timeSpentMs: 60_000, completedAt: new Date().toISOString(), timeZone: 'Asia/Tokyo', topics: [] };
    await notifyConsumer(envelope('QuizCompleted', round));
    const dues = (await rows(me, 'REMIND#')).map((r) => String(r.due_at));
    expect(dues).toHaveLength(7);
    expect(dues.every((due) => due.endsWith('T10:00:00.000Z'))).toBe(true); // 19:00 in Tokyo
    expect(parse(await getSettings(httpEvent({ sub: me.user_id }))).body.settings).toEqual(DEFAULT_SETTINGS);

    // Saved settings are never replaced by a later round.
    await save(me, { preferredStudyTime: '07:00', quietHours: { start: '23:00', end: '06:00' } });
    await notifyConsumer(envelope('QuizCompleted', { ...round, attemptId: randomUUID() }));
    expect((await rows(me, 'REMIND#')).map((r) => String(r.due_at)).every((due) => due.endsWith('T22:00:00.000Z'))).toBe(true);
  });

  it('a preferred time inside quiet hours schedules nothing; switching reminders off removes what was scheduled', async () => {
    const me = await player();
    await save(me, { preferredStudyTime: '23:00' });
    expect(await rows(me, 'REMIND#')).toEqual([]);
    await save(me, { preferredStudyTime: '17:00' });
    expect(await rows(me, 'REMIND#')).toHaveLength(7);
    await save(me, { preferredStudyTime: '17:00', studyReminders: false });
    expect(await rows(me, 'REMIND#')).toEqual([]);
  });

  it('a reminder more than an hour late (the machine slept) is rolled on a week, not sent', async () => {
    const me = await player();
    await save(me, { preferredStudyTime: '17:00' });
    const [due] = (await rows(me, 'REMIND#')).map((r) => String(r.due_at)).sort();
    await run(new Date(Date.parse(due!) + 2 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), me, due!);
    expect(await rows(me, 'NOTIF#')).toEqual([]);
    const after = (await rows(me, 'REMIND#')).map((r) => String(r.due_at));
    expect(after).not.toContain(due);
    expect(after).toContain(new Date(Date.parse(due!) + 7 * 86_400_000).toISOString());
  });

  it('a due reminder whose time is now in quiet hours is skipped, not sent', async () => {
    const me = await player();
    await save(me, { preferredStudyTime: '17:00' });
    const [due] = (await rows(me, 'REMIND#')).map((r) => String(r.due_at)).sort();
    // The quiet hours change to cover 17:00 without rescheduling (as if saved by an older client).
    const { putSettings } = await import('../../functions/notifications/data/notifications.ts');
    await putSettings(me.user_id, { ...DEFAULT_SETTINGS, preferredStudyTime: '17:00', quietHours: { start: '16:00', end: '18:00' } }, new Date());
    await run(new Date(Date.parse(due!) + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), me, due!);
    expect(await rows(me, 'NOTIF#')).toEqual([]);
    expect((await rows(me, 'REMIND#')).map((r) => r.due_at)).not.toContain(due);
  });
});

describe('Delete Account', () => {
  it('removes the notifications, the settings and the pending study reminders', async () => {
    const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
    const me = await player();
    await save(me, { preferredStudyTime: '17:00' });
    await notifyConsumer(envelope('AchievementUnlocked', { userId: me.user_id, achievementId: 'first_quiz', unlockedAt: now() }));
    expect((await rows(me, 'REMIND#')).length).toBe(7);
    expect((await rows(me, 'NOTIF')).length).toBeGreaterThanOrEqual(3);

    await deleteAccountData(envelope('AccountDeleted', { userId: me.user_id, email: me.email }));
    expect(await rows(me, '')).toEqual([]);
    // Nor does the reminder job find any of them by its index.
    const { dueStudyReminders } = await import('../../functions/notifications/data/notifications.ts');
    const due = await dueStudyReminders(new Date(), new Date(Date.now() + 8 * 86_400_000), 2000);
    expect(due.filter((r) => r.userId === me.user_id)).toEqual([]);
  });

  it('removes the notifications of others that name the account (its friend requests), and none is made after', async () => {
    const { handler: deleteAccountData } = await import('../../functions/profile/delete-account-data.ts');
    const [leaving, receiver] = await Promise.all([player(), player()]);
    const request = (createdAt: string) => envelope('FriendRequestSent', { senderId: leaving.user_id, senderEmail: leaving.email, receiverId: receiver.user_id, createdAt });
    await notifyConsumer(request(now()));
    expect((await bell(receiver)).notifications.map((n) => n.message)).toEqual([`${leaving.email} sent you a friend request.`]);

    await deleteAccountData(envelope('AccountDeleted', { userId: leaving.user_id, email: leaving.email }));
    expect((await bell(receiver)).notifications).toEqual([]);
    // A late delivery of the sender's event after their account went makes nothing.
    await notifyConsumer(request(now()));
    expect(await rows(receiver, 'NOTIF#')).toEqual([]);
  });
});
