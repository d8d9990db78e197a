import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { freshLoopbackAddress, postFrom } from '../support/loopback-http.ts';

/**
 * The feed's and the friend board's "changed" pushes: the consumers that write them tell the
 * actor's and the current friends' open sockets, on each one's own topic, with no data, and
 * nobody else.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const wsUrl = `${api.replace(/^http/, 'ws')}/ws`;
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: removeFriend } = await import('../../functions/social/remove-friend.ts');
const { handler: writeFeedItems } = await import('../../functions/activity/write-feed-items.ts');
const { handler: writeLeaderboardEntry } = await import('../../functions/activity/write-leaderboard-entry.ts');

const PASSWORD = 'Pulsar#3141';

interface Listener {
  userId: string;
  email: string;
  socket: WebSocket;
  received: { topic: string; type: string; data: unknown }[];
}

/** A confirmed, signed-in account with one open socket recording what it hears. */
async function listener(): Promise<Listener> {
  const email = uniqueEmail('push');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  // From a loopback address of its own: the suite's sign-ins from 127.0.0.1 share one per-address limit.
  const response = await postFrom(freshLoopbackAddress(), `${api}/api/auth/sign-in`, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const { tokens, profile } = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
  const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(tokens.accessToken)}`);
  const received: Listener['received'] = [];
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8')) as Listener['received'][number]));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { userId: profile.user_id, email, socket, received };
}

const heard = (who: Listener, type: string) => who.received.filter((m) => m.type === type);

function quizCompleted(userId: string, attemptId = randomUUID()) {
  const detail = { attemptId, userId, subject: 'geography', level: 'beginner', mode: 'competition', score: 8, total: 10, points: 120, timeSpentMs: 90_000, completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [] };
  return { version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '000000000000', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail } as never;
}

async function befriend(a: Listener, b: Listener): Promise<void> {
  expect(parse(await sendRequest(httpEvent({ sub: a.userId, body: { email: b.email } }))).status).toBe(201);
  expect(parse(await respondRequest(httpEvent({ sub: b.userId, body: { accept: true }, path: { userId: a.userId } }))).status).toBe(200);
}

/** Pushes are sent before the consumer returns; a short wait lets the frames cross the loopback. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('feed.changed and board.changed', () => {
  it('a finished round tells the player and their friends, on their own topics and with no data, and not a stranger', { timeout: 60_000 }, async () => {
    const [actor, friend, stranger] = await Promise.all([listener(), listener(), listener()]);
    await befriend(actor, friend);

    const round = quizCompleted(actor.userId);
    await writeFeedItems(round);
    await writeLeaderboardEntry(round);
    await settle();

    for (const who of [actor, friend]) {
      expect(heard(who, 'feed.changed')).toEqual([{ topic: `user:${who.userId}`, type: 'feed.changed', data: {} }]);
      expect(heard(who, 'board.changed')).toEqual([{ topic: `user:${who.userId}`, type: 'board.changed', data: {} }]);
    }
    expect(heard(stranger, 'feed.changed')).toEqual([]);
    expect(heard(stranger, 'board.changed')).toEqual([]);
    for (const who of [actor, friend, stranger]) who.socket.close();
  });

  it('a redelivered round changes no board and tells nobody again', { timeout: 60_000 }, async () => {
    const actor = await listener();
    const round = quizCompleted(actor.userId);
    await writeLeaderboardEntry(round);
    await writeLeaderboardEntry(round);
    await settle();
    expect(heard(actor, 'board.changed')).toHaveLength(1);
    actor.socket.close();
  });

  it('a removed friend is no longer told', { timeout: 60_000 }, async () => {
    const [actor, former] = await Promise.all([listener(), listener()]);
    await befriend(actor, former);
    expect(parse(await removeFriend(httpEvent({ sub: actor.userId, path: { userId: former.userId } }))).status).toBe(204);

    const round = quizCompleted(actor.userId);
    await writeFeedItems(round);
    await writeLeaderboardEntry(round);
    await settle();

    expect(heard(actor, 'feed.changed')).toHaveLength(1);
    expect(heard(former, 'feed.changed')).toEqual([]);
    expect(heard(former, 'board.changed')).toEqual([]);
    actor.socket.close();
    former.socket.close();
  });
});

describe('friends.changed and challenges.changed', () => {
  it('an accepted friend request tells its sender, with no data, and not a stranger', { timeout: 60_000 }, async () => {
    const [sender, receiver, stranger] = await Promise.all([listener(), listener(), listener()]);
    await befriend(sender, receiver);
    await settle();
    expect(heard(sender, 'friends.changed')).toEqual([{ topic: `user:${sender.userId}`, type: 'friends.changed', data: {} }]);
    expect(heard(receiver, 'friends.changed')).toEqual([]);
    expect(heard(stranger, 'friends.changed')).toEqual([]);
    for (const who of [sender, receiver, stranger]) who.socket.close();
  });

  it('an answered challenge tells its challenger, and not a stranger', { timeout: 60_000 }, async () => {
    const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
    const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
    const [challenger, challenged, stranger] = await Promise.all([listener(), listener(), listener()]);
    await befriend(challenger, challenged);
    const sent = parse(await sendChallenge(httpEvent({ sub: challenger.userId, body: { friendId: challenged.userId, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300 } })));
    expect(sent.status).toBe(201);
    const answered = parse(await respondChallenge(httpEvent({ sub: challenged.userId, body: { accept: true }, path: { challengeId: sent.body.challenge.id } })));
    expect(answered.status).toBe(200);
    await settle();
    expect(heard(challenger, 'challenges.changed')).toEqual([{ topic: `user:${challenger.userId}`, type: 'challenges.changed', data: {} }]);
    expect(heard(challenged, 'challenges.changed')).toEqual([]);
    expect(heard(stranger, 'challenges.changed')).toEqual([]);
    for (const who of [challenger, challenged, stranger]) who.socket.close();
  });
});
