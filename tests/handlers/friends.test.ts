import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { FRIEND_MESSAGES as M, maskedEmail } from '../../shared/social/friends.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/** Friends and friend requests (docs/social.md), each permission from the other side too. */
useLocalStack();
const { handler: search } = await import('../../functions/social/search-users.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respond } = await import('../../functions/social/respond-friend-request.ts');
const { handler: cancel } = await import('../../functions/social/cancel-friend-request.ts');
const { handler: removeFriend } = await import('../../functions/social/remove-friend.ts');
const { handler: listFriends } = await import('../../functions/social/list-friends.ts');
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

type Person = Awaited<ReturnType<typeof player>>;
const send = async (from: Person, to: Person | string, message = '') =>
  parse(await sendRequest(httpEvent({ sub: from.user_id, body: { email: typeof to === 'string' ? to : to.email, message } })));
const answer = async (receiver: Person, sender: Person, accept: boolean) =>
  parse(await respond(httpEvent({ sub: receiver.user_id, body: { accept }, path: { userId: sender.user_id } })));
const withdraw = async (sender: Person, receiver: Person) => parse(await cancel(httpEvent({ sub: sender.user_id, path: { userId: receiver.user_id } })));
const list = async (who: Person) => parse(await listFriends(httpEvent({ sub: who.user_id }))).body;
const find = async (who: Person, q: string) => parse(await search(httpEvent({ sub: who.user_id, query: { q } })));

/** A family of students whose addresses share a prefix, so one search sees them all. */
async function students(count: number) {
  const family = `fr${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return Promise.all(Array.from({ length: count }, (_, i) => player({ email: `${family}-${i}@example.com` }))).then((people) => ({ family, people }));
}

describe('friends', () => {
  it('search finds a student by their whole address only (any case), shown masked; never the caller, friends or pending targets (issue 23)', async () => {
    const { family, people } = await students(4);
    const [a, b, c] = people as [Person, Person, Person];
    // A prefix finds nobody: two letters used to list every student's full address.
    for (const q of ['x', family.slice(0, 2), family, `${family}-2@`]) {
      const refused = await find(a, q);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(M.searchWholeAddress);
    }

    const found = await find(a, c.email.toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body.users).toEqual([{ user_id: c.user_id, email: maskedEmail(c.email) }]);
    expect(JSON.stringify(found.body)).not.toContain(c.email);
    expect(maskedEmail(c.email)).toBe(`${family.slice(0, 2)}•••@example.com`);

    expect((await find(a, a.email)).body.users).toEqual([]);
    expect((await find(a, `nobody-${family}@example.com`)).body.users).toEqual([]);
    expect((await send(a, b)).status).toBe(201);
    expect((await find(a, b.email)).body.users).toEqual([]);
    // The receiver does not see the sender in search either while the request is pending.
    expect((await find(b, a.email)).body.users).toEqual([]);
  });

  it('search finds students only: a teacher or parent address finds nobody', async () => {
    const { people } = await students(1);
    const teacher = await player({ role: 'teacher' });
    expect((await find(people[0]!, teacher.email)).body.users).toEqual([]);
  });

  it('a request is accepted by its receiver only; both then see each other with points and streak', async () => {
    const { people } = await students(3);
    const [a, b, stranger] = people as [Person, Person, Person];
    const today = new Date().toISOString().slice(0, 10);
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.stats(b.user_id), points: 420, attempts: 7 } }));
    await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.streak(b.user_id), current: 4, day: today } }));

    expect((await send(a, b, 'Study buddies?')).status).toBe(201);
    expect((await list(b)).received).toMatchObject([{ sender_id: a.user_id, sender_email: a.email, message: 'Study buddies?', status: 'pending' }]);
    expect((await list(a)).sent).toMatchObject([{ receiver_id: b.user_id, receiver_email: b.email }]);

    // Nobody but the receiver can answer it, and the sender cannot answer their own.
    expect((await answer(stranger, a, true)).status).toBe(404);
    expect((await answer(a, b, true)).status).toBe(404);
    // The receiver cannot cancel it (that is the sender's), nor can a stranger.
    expect((await withdraw(b, a)).status).toBe(404);
    expect((await withdraw(stranger, b)).status).toBe(404);

    expect((await answer(b, a, true)).status).toBe(200);
    expect((await answer(b, a, true)).status).toBe(409);
    expect((await list(a)).friends).toEqual([{ friend_id: b.user_id, email: b.email, last_active: today, current_streak: 4, total_points: 420 }]);
    expect((await list(b)).friends).toMatchObject([{ friend_id: a.user_id, email: a.email, current_streak: 0, total_points: 0 }]);
    expect((await list(b)).received).toEqual([]);

    expect((await send(a, b)).body.error.message).toBe(M.alreadyFriends);
  });

  it('gives the spec’s message for each refused request', async () => {
    const { people } = await students(3);
    const [a, b, c] = people as [Person, Person, Person];
    expect((await send(a, a)).body.error.message).toBe(M.notYourself);
    expect((await send(a, `nobody-${Date.now()}@example.com`)).body.error.message).toBe(M.userNotFound);
    expect((await send(a, 'not-an-email')).body.error.fields.email).toBe(M.emailInvalid);
    expect((await send(a, b, 'x'.repeat(501))).status).toBe(400);

    expect((await send(a, b)).status).toBe(201);
    expect((await send(a, b)).body.error.message).toBe(M.alreadySent);
    expect((await send(b, a)).body.error.message).toBe(M.theyAskedFirst);

    // Declined: a resend is refused. Cancelled: a resend is fine.
    expect((await send(c, b)).status).toBe(201);
    expect((await answer(b, c, false)).status).toBe(200);
    expect((await send(c, b)).body.error.message).toBe(M.previouslyDeclined);
    expect((await withdraw(a, b)).status).toBe(200);
    expect((await list(b)).received).toEqual([]);
    expect((await send(a, b)).status).toBe(201);
  });

  it('removing a friend ends it both ways, once', async () => {
    const { people } = await students(2);
    const [a, b] = people as [Person, Person];
    await send(a, b);
    await answer(b, a, true);
    expect(parse(await removeFriend(httpEvent({ sub: b.user_id, path: { userId: a.user_id } }))).status).toBe(204);
    expect((await list(a)).friends).toEqual([]);
    expect((await list(b)).friends).toEqual([]);
    expect(parse(await removeFriend(httpEvent({ sub: b.user_id, path: { userId: a.user_id } }))).status).toBe(404);
    expect(parse(await removeFriend(httpEvent({ sub: b.user_id, path: { userId: 'x'.repeat(2000) } }))).status).toBe(404);
    // Friends again later: a new request is allowed.
    expect((await send(a, b)).status).toBe(201);
  });

  it('two answers at once settle a request once, and never half', async () => {
    const { people } = await students(2);
    const [a, b] = people as [Person, Person];
    await send(a, b);
    const results = await Promise.all([answer(b, a, true), answer(b, a, false), withdraw(a, b)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const [sideA, sideB] = [await list(a), await list(b)];
    expect(sideA.friends.length).toBe(sideB.friends.length);
    expect(sideA.sent).toEqual([]);
    expect(sideB.received).toEqual([]);
  });

  it.each([true, false])('answering a request (accept: %s) on /friends marks the bell’s notification of it read (issue 23)', async (accept) => {
    const { people } = await students(2);
    const [a, b] = people as [Person, Person];
    expect((await send(a, b)).status).toBe(201);
    // The consumer hears FriendRequestSent as the bus delivers it (the request's own createdAt).
    const request = (await list(b)).received[0] as { created_at: string };
    await notifyConsumer({
      version: '0', id: `e-${a.user_id}`, 'detail-type': 'FriendRequestSent', source: 'quizquest', account: '000000000000', time: request.created_at, region: 'us-east-1', resources: [],
      detail: { senderId: a.user_id, senderEmail: a.email, receiverId: b.user_id, createdAt: request.created_at },
    });
    const bell = async () => parse(await listNotifications(httpEvent({ sub: b.user_id }))).body as { unread: number; notifications: { type: string; read: boolean }[] };
    // Held for quiet hours when the test runs at night: the item exists either way, and is read once answered.
    expect((await answer(b, a, accept)).status).toBe(200);
    const after = await bell();
    expect(after.unread).toBe(0);
    expect(after.notifications.filter((n) => n.type === 'friend_request' && !n.read)).toEqual([]);
    const { Items } = await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${b.user_id}`, ':p': 'NOTIF#' } }),
    );
    expect(Items?.map((item) => item.read)).toEqual([true]);
  });
});
