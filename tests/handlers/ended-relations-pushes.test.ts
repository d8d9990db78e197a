import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { eventsDelivered, linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { freshLoopbackAddress, postFrom } from '../support/loopback-http.ts';

/**
 * Ending a relation ends delivery over a socket that stays open: after A removes B, nothing
 * about A (feed or board changes, challenge news) reaches B's socket, even when the consumer
 * chose its audience before the removal, and B's reads show none of it; a member who left a
 * group, or whose Premium ended, hears no more of its chat. Arrival is polled for; non-arrival
 * is shown by a later push that must arrive on the same socket, with nothing of the ended
 * relation before it.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const wsUrl = `${api.replace(/^http/, 'ws')}/ws`;
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: sendRequest } = await import('../../functions/social/send-friend-request.ts');
const { handler: respondRequest } = await import('../../functions/social/respond-friend-request.ts');
const { handler: removeFriend } = await import('../../functions/social/remove-friend.ts');
const { handler: sendChallenge } = await import('../../functions/social/send-challenge.ts');
const { handler: respondChallenge } = await import('../../functions/social/respond-challenge.ts');
const { handler: listChallenges } = await import('../../functions/social/list-challenges.ts');
const { handler: writeFeedItems } = await import('../../functions/activity/write-feed-items.ts');
const { handler: writeLeaderboardEntry } = await import('../../functions/activity/write-leaderboard-entry.ts');
const { handler: getFeed } = await import('../../functions/activity/get-feed.ts');
const { handler: friendBoard } = await import('../../functions/activity/get-friend-leaderboard.ts');
const { handler: notifyConsumer } = await import('../../functions/notifications/write-event-notifications.ts');
const { handler: listNotifications } = await import('../../functions/notifications/list-notifications.ts');
const { handler: createGroup } = await import('../../functions/groups/create-group.ts');
const { handler: joinGroup } = await import('../../functions/groups/join-group.ts');
const { handler: leaveGroup } = await import('../../functions/groups/leave-group.ts');
const { handler: sendMessage } = await import('../../functions/groups/send-message.ts');
const { handler: registerForMatch } = await import('../../functions/tournaments/register.ts');
const { createQuickMatch } = await import('../../functions/tournaments/start-matches.ts');
const { runStep } = await import('../../functions/tournaments/match-runner.ts');
const { claimStart } = await import('../../functions/tournaments/data/tournaments.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const keys = await import('../../functions/data/table-keys.ts');

const PASSWORD = 'Pulsar#3141';

interface Heard {
  topic?: string;
  type: string;
  data?: unknown;
}

interface Account {
  userId: string;
  email: string;
  socket: WebSocket;
  heard: Heard[];
}

/** A confirmed, signed-in account with one open socket recording everything it hears. */
async function account(): Promise<Account> {
  const email = uniqueEmail('ended');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  // From a loopback address of its own: the suite's sign-ins from 127.0.0.1 share one per-address limit.
  const response = await postFrom(freshLoopbackAddress(), `${api}/api/auth/sign-in`, { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const { tokens, profile } = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
  const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(tokens.accessToken)}`);
  const heard: Heard[] = [];
  socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString('utf8')) as Heard));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { userId: profile.user_id, email, socket, heard };
}

type Accounts<N extends number, T extends Account[] = []> = T['length'] extends N ? T : Accounts<N, [...T, Account]>;
const opened: Account[] = [];
/** `n` accounts, each with its socket open (closed after the test). */
async function accounts<N extends 2 | 3 | 4>(n: N): Promise<Accounts<N>> {
  const made = await Promise.all(Array.from({ length: n }, () => account()));
  opened.push(...made);
  return made as Accounts<N>;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const who of opened.splice(0)) who.socket.close();
});

/** Polls until `who` has heard a message matching `match`; fails after 5 s. Returns its index. */
async function arrival(who: Account, match: (m: Heard) => boolean): Promise<number> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const at = who.heard.findIndex(match);
    if (at >= 0) return at;
    if (Date.now() > deadline) throw new Error(`nothing matching arrived; heard ${JSON.stringify(who.heard)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function quizCompleted(userId: string) {
  const detail = { attemptId: randomUUID(), userId, subject: 'geography', level: 'beginner', mode: 'competition', score: 8, total: 10, points: 120, timeSpentMs: 90_000, completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [] };
  return envelope('QuizCompleted', detail);
}

function envelope(type: string, detail: Record<string, unknown>) {
  return { version: '0', id: randomUUID(), 'detail-type': type, source: 'quizquest', account: '000000000000', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail } as never;
}

/**
 * The later push that must arrive: the account's own round tells its own feed. Everything heard
 * from `from` (an index into what it heard) up to it is what the account was told meanwhile.
 */
async function heardBeforeOwnRound(who: Account, from = 0): Promise<Heard[]> {
  const before = who.heard.length;
  await writeFeedItems(quizCompleted(who.userId));
  const at = await arrival(who, (m) => who.heard.indexOf(m) >= before && m.type === 'feed.changed' && m.topic === `user:${who.userId}`);
  return who.heard.slice(from, at);
}

/**
 * Makes the two friends, then waits for the request's and the acceptance's notices to be pushed
 * and forgets them: what each hears while becoming friends is not what these tests are about,
 * and on a busy machine a notice could otherwise arrive inside a test's window.
 */
async function befriend(a: Account, b: Account): Promise<void> {
  expect(parse(await sendRequest(httpEvent({ sub: a.userId, body: { email: b.email } }))).status).toBe(201);
  expect(parse(await respondRequest(httpEvent({ sub: b.userId, body: { accept: true }, path: { userId: a.userId } }))).status).toBe(200);
  await eventsDelivered();
  a.heard.length = 0;
  b.heard.length = 0;
}

const unfriend = async (who: Account, friend: Account) => expect(parse(await removeFriend(httpEvent({ sub: who.userId, path: { userId: friend.userId } }))).status).toBe(204);

/**
 * Runs `action` once, right after the first DynamoDB command matching `match` is answered: the
 * moment a consumer has chosen its audience but not yet pushed.
 */
function onceAfter(match: (name: string, input: string) => boolean, action: () => Promise<void>): void {
  const client = documentClient();
  const real = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let done = false;
  vi.spyOn(client, 'send').mockImplementation((async (command: { constructor: { name: string }; input: unknown }) => {
    const result = await real(command);
    if (!done && match(command.constructor.name, JSON.stringify(command.input))) {
      done = true;
      await action();
    }
    return result;
  }) as never);
}

const feedOf = async (who: Account) => parse(await getFeed(httpEvent({ sub: who.userId }))).body.items as { user_id: string }[];
const boardOf = async (who: Account) => parse(await friendBoard(httpEvent({ sub: who.userId, query: { period: 'week' } }))).body.entries as { user_id: string }[];
const bellOf = async (who: Account) => parse(await listNotifications(httpEvent({ sub: who.userId }))).body.notifications as { type: string; message: string }[];

describe('a friend removed while both sockets stay open', () => {
  it('hears nothing of a round whose feed audience was chosen before the removal', { timeout: 90_000 }, async () => {
    const [a, b] = await accounts(2);
    await befriend(a, b);
    const round = quizCompleted(a.userId);
    // The consumer has read A's friends (B among them) and written the feed copies; A removes B now.
    onceAfter((name, input) => name === 'BatchWriteCommand' && input.includes(a.userId) && input.includes('FEED#'), () => unfriend(a, b));
    await writeFeedItems(round);
    vi.restoreAllMocks();

    await arrival(a, (m) => m.type === 'feed.changed' && m.topic === `user:${a.userId}`);
    expect(await heardBeforeOwnRound(b)).toEqual([]);
    // B's reads show nothing of A either.
    expect((await feedOf(b)).map((i) => i.user_id)).not.toContain(a.userId);
    expect((await feedOf(b)).map((i) => i.user_id)).toContain(b.userId);
  });

  it('hears nothing of a board change whose audience was read before the removal', { timeout: 90_000 }, async () => {
    const [a, b] = await accounts(2);
    await befriend(a, b);
    // The board consumer has just read A's friend list (B on it); A removes B before it pushes.
    onceAfter((name, input) => name === 'QueryCommand' && input.includes(`USER#${a.userId}`) && input.includes('FRIEND#') && !input.includes('ConsistentRead'), () => unfriend(a, b));
    await writeLeaderboardEntry(quizCompleted(a.userId));
    vi.restoreAllMocks();

    await arrival(a, (m) => m.type === 'board.changed' && m.topic === `user:${a.userId}`);
    expect(await heardBeforeOwnRound(b)).toEqual([]);
    expect((await boardOf(b)).map((e) => e.user_id)).toEqual([b.userId]);
  });

  it('hears nothing of a challenge with the one who removed them: its late notice, its finish, or its answer', { timeout: 90_000 }, async () => {
    const [a, b] = await accounts(2);
    await befriend(a, b);
    const sent = parse(await sendChallenge(httpEvent({ sub: a.userId, body: { friendId: b.userId, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300 } })));
    expect(sent.status).toBe(201);
    const challengeId: string = sent.body.challenge.id;
    // Its delivery while they are friends (a notice, rightly) is done before the removal.
    await eventsDelivered();
    b.heard.length = 0;
    await unfriend(a, b);

    // The challenge's own events arrive after the removal (a late delivery, then the finish with A winning).
    await notifyConsumer(envelope('ChallengeSent', { challengeId, challengerId: a.userId, challengerEmail: a.email, challengedId: b.userId, subject: 'history', level: 'beginner', questionCount: 5, createdAt: new Date().toISOString() }));
    const finished = envelope('ChallengeFinished', {
      challengeId,
      challengerId: a.userId,
      challengedId: b.userId,
      subject: 'history',
      level: 'beginner',
      challengerScore: { score: 5, total: 5 },
      challengedScore: { score: 2, total: 5 },
      winnerId: a.userId,
      completedAt: new Date().toISOString(),
    });
    await writeFeedItems(finished);
    await notifyConsumer(finished);

    // A is told of its own feed; B, nothing, up to its own later round.
    await arrival(a, (m) => m.type === 'feed.changed' && m.topic === `user:${a.userId}`);
    expect(await heardBeforeOwnRound(b)).toEqual([]);
    expect((await feedOf(b)).map((i) => i.user_id)).not.toContain(a.userId);
    // Their bells hold only what came while they were friends: no second notice of the challenge.
    expect((await bellOf(b)).map((n) => n.type).sort()).toEqual(['friend_challenge', 'friend_request']);
    expect(await bellOf(a)).toEqual([]);

    // B answers the old challenge: A, who removed B, hears nothing of it.
    const aFrom = a.heard.length;
    const answered = parse(await respondChallenge(httpEvent({ sub: b.userId, body: { accept: false }, path: { challengeId } })));
    expect(answered.status).toBe(200);
    expect(await heardBeforeOwnRound(a, aFrom)).toEqual([]);
    // While friends, the same answer does reach the challenger (the check above can fail).
    const [c, d] = await accounts(2);
    await befriend(c, d);
    const other = parse(await sendChallenge(httpEvent({ sub: c.userId, body: { friendId: d.userId, subject: 'history', level: 'beginner', questionCount: 5, timeLimitSec: 300 } })));
    expect(parse(await respondChallenge(httpEvent({ sub: d.userId, body: { accept: false }, path: { challengeId: other.body.challenge.id } }))).status).toBe(200);
    await arrival(c, (m) => m.type === 'challenges.changed' && m.topic === `user:${c.userId}`);
    expect((await parse(await listChallenges(httpEvent({ sub: c.userId }))).body.challenges).length).toBe(1);
  });

  it('a friend still there keeps hearing while the removed one does not (the same round)', { timeout: 90_000 }, async () => {
    const [a, b, kept] = await accounts(3);
    await befriend(a, b);
    await befriend(a, kept);
    await unfriend(b, a);
    const round = quizCompleted(a.userId);
    await writeFeedItems(round);
    await writeLeaderboardEntry(round);
    await arrival(kept, (m) => m.type === 'feed.changed' && m.topic === `user:${kept.userId}`);
    await arrival(kept, (m) => m.type === 'board.changed' && m.topic === `user:${kept.userId}`);
    expect(await heardBeforeOwnRound(b)).toEqual([]);
    expect((await feedOf(kept)).map((i) => i.user_id)).toContain(a.userId);
  });
});

const setPlan = (who: Account, status: 'premium' | 'free') =>
  documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.profile(who.userId), UpdateExpression: 'SET subscription_status = :p', ExpressionAttributeValues: { ':p': status } }));

async function subscribe(who: Account, topic: string): Promise<void> {
  const before = who.heard.length;
  who.socket.send(JSON.stringify({ action: 'subscribe', topic }));
  await arrival(who, (m) => who.heard.indexOf(m) >= before && m.type === 'subscribed');
}

describe('a live match player whose Premium ended, socket still open', () => {
  it('hears no more of the match (its questions are Premium); a player still on Premium does', { timeout: 90_000 }, async () => {
    const [lapsed, stays] = await accounts(2);
    await Promise.all([setPlan(lapsed, 'premium'), setPlan(stays, 'premium')]);
    const match = await createQuickMatch({ startAt: new Date(), questionCount: 2, windowMs: 30_000, gapMs: 300, capacity: 10, subject: 'geography', level: 'beginner' }, new Date());
    for (const who of [lapsed, stays]) expect(parse(await registerForMatch(httpEvent({ sub: who.userId, path: { tournamentId: match.id } }))).status).toBe(201);
    for (const who of [lapsed, stays]) await subscribe(who, `match:${match.id}`);

    await setPlan(lapsed, 'free');
    expect(await claimStart(match.id)).toBe(1);
    expect(await runStep({ tournamentId: match.id, question: 1, phase: 'open', seq: 1 }, { now: () => Date.now(), send: async () => undefined })).toBe('opened');

    await arrival(stays, (m) => m.topic === `match:${match.id}`);
    expect((await heardBeforeOwnRound(lapsed)).filter((m) => m.type !== 'subscribed')).toEqual([]);
  });
});

describe('a group member whose membership or Premium ended, socket still open', () => {
  it('hears no chat after leaving, nor after Premium ends; a member still in hears it', { timeout: 90_000 }, async () => {
    const [owner, leaver, lapsed, stays] = await accounts(4);
    await Promise.all([owner, leaver, lapsed, stays].map((who) => setPlan(who, 'premium')));
    const created = parse(await createGroup(httpEvent({ sub: owner.userId, body: { name: `Ended ${randomUUID().slice(0, 8)}` } })));
    expect(created.status).toBe(201);
    const groupId: string = created.body.group.id;
    for (const who of [leaver, lapsed, stays]) expect(parse(await joinGroup(httpEvent({ sub: who.userId, path: { groupId } }))).status).toBe(200);
    const topic = `group:${groupId}`;
    for (const who of [leaver, lapsed, stays]) await subscribe(who, topic);

    // Before: everyone subscribed hears the chat (so the checks below can fail).
    const first = parse(await sendMessage(httpEvent({ sub: owner.userId, path: { groupId }, body: { message: 'first' } })));
    expect(first.status).toBe(201);
    for (const who of [leaver, lapsed, stays]) await arrival(who, (m) => m.type === 'chat.message' && (m.data as { message?: string }).message === 'first');

    expect(parse(await leaveGroup(httpEvent({ sub: leaver.userId, path: { groupId } }))).status).toBe(204);
    await setPlan(lapsed, 'free');
    expect(parse(await sendMessage(httpEvent({ sub: owner.userId, path: { groupId }, body: { message: 'after' } }))).status).toBe(201);

    await arrival(stays, (m) => m.type === 'chat.message' && (m.data as { message?: string }).message === 'after');
    for (const who of [leaver, lapsed]) {
      const heard = await heardBeforeOwnRound(who);
      expect(heard.filter((m) => m.type === 'chat.message').map((m) => (m.data as { message: string }).message)).toEqual(['first']);
    }
  });
});
