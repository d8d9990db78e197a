import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent } from '../support/http-event.ts';

/**
 * The WebSocket platform as a browser meets it: the local gateway on the stack's /ws (the
 * same authorizer and route handlers as in AWS), the @connections endpoint push.ts calls,
 * and the handlers called directly for the edge cases.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const wsUrl = `${api.replace(/^http/, 'ws')}/ws`;
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: authorize } = await import('../../functions/realtime/authorize-connection.ts');
const { handler: subscribe } = await import('../../functions/realtime/subscribe.ts');
const { handler: fallback } = await import('../../functions/realtime/default.ts');
const { handler: pingRoute } = await import('../../functions/realtime/ping.ts');
const { FRAMES_PER_WINDOW } = await import('../../functions/realtime/frame-limit.ts');
const { log } = await import('../../functions/lib/log.ts');
const { handler: disconnect } = await import('../../functions/realtime/disconnect.ts');
const { pushToTopic, pushToUser } = await import('../../functions/lib/push.ts');
const { putConnection, putSubscription, connectionsOfTopic, connectionsOfUser } = await import('../../functions/realtime/data/connections.ts');
const { revokeSessionsBefore } = await import('../../functions/auth/data/sessions.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');
const { createWebSocketGateway } = await import('../../infra/local/websocket-gateway.ts');
const { WEBSOCKET_THROTTLE } = await import('../../functions/realtime/routes.ts');
const { handler: connect } = await import('../../functions/realtime/connect.ts');
const { RealtimeConnection } = await import('../../web/src/lib/realtime/connection.ts');
const { handler: createGroup } = await import('../../functions/groups/create-group.ts');
const { handler: joinGroup } = await import('../../functions/groups/join-group.ts');
const { handler: leaveGroup } = await import('../../functions/groups/leave-group.ts');
const { handler: sendMessage } = await import('../../functions/groups/send-message.ts');
const { handler: listMessages } = await import('../../functions/groups/list-messages.ts');
const { handler: requestReset } = await import('../../functions/auth/request-password-reset.ts');
const { handler: resetPassword } = await import('../../functions/auth/reset-password.ts');
const { handler: deleteAccount } = await import('../../functions/profile/delete-account.ts');

const PASSWORD = 'Pulsar#3141';

interface Account {
  userId: string;
  accessToken: string;
}

async function account(): Promise<Account & { email: string }> {
  const email = uniqueEmail('ws');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  const response = await fetch(`${api}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(response.status).toBe(200);
  const { tokens, profile } = (await response.json()) as { tokens: { accessToken: string }; profile: { user_id: string } };
  return { userId: profile.user_id, accessToken: tokens.accessToken, email };
}

const authorizerEvent = (token?: string): APIGatewayRequestAuthorizerEvent =>
  ({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:us-east-1:000000000000:api/ws/$connect',
    queryStringParameters: token === undefined ? {} : { token },
  }) as unknown as APIGatewayRequestAuthorizerEvent;

const wsEvent = (connectionId: string, body?: string) =>
  ({ requestContext: { connectionId, routeKey: 'x', eventType: 'MESSAGE', requestTimeEpoch: Date.now() }, body, isBase64Encoded: false }) as never;

/** Opens a socket; resolves with it and its received messages, or rejects with the refused upgrade's status. */
function open(token: string | undefined): Promise<{ socket: WebSocket; received: unknown[]; next: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(token === undefined ? wsUrl : `${wsUrl}?token=${encodeURIComponent(token)}`);
    const received: unknown[] = [];
    const waiting: ((m: unknown) => void)[] = [];
    socket.on('message', (data: Buffer) => {
      const message: unknown = JSON.parse(data.toString('utf8'));
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else received.push(message);
    });
    const next = () => (received.length ? Promise.resolve(received.shift()) : new Promise<unknown>((r) => waiting.push(r)));
    socket.once('open', () => resolve({ socket, received, next }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** The connection's items: the connection and its subscriptions (its frame counters, FRAMES#…, only with `withFrames`). */
async function itemsOf(connectionId: string, withFrames = false): Promise<string[]> {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `CONN#${connectionId}` } }),
  );
  return Items.map((item) => String(item.sk)).filter((sk) => withFrames || !sk.startsWith('FRAMES#'));
}

describe('the $connect authorizer', () => {
  it('allows a good access token, with the account as context', async () => {
    const a = await account();
    const result = await authorize(authorizerEvent(a.accessToken));
    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    expect(result.context).toEqual({ userId: a.userId });
  });

  it('refuses a missing, forged, tampered or expired token', async () => {
    const a = await account();
    await expect(authorize(authorizerEvent())).rejects.toThrow('Unauthorized');
    await expect(authorize(authorizerEvent('not-a-jwt'))).rejects.toThrow('Unauthorized');

    // Signed by a key that is not the pool's, with every claim right.
    const [header, payload] = a.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { privateKey } = await generateKeyPair('RS256');
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string }).kid;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) }).sign(privateKey);
    await expect(authorize(authorizerEvent(forged))).rejects.toThrow('Unauthorized');

    // The pool's signature over other claims (another account's id).
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${a.accessToken.split('.')[2]}`;
    await expect(authorize(authorizerEvent(tampered))).rejects.toThrow('Unauthorized');

    // The same good token a minute after it expires.
    expect(typeof claims.exp).toBe('number');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((Number(claims.exp) + 60) * 1000);
      await expect(authorize(authorizerEvent(a.accessToken))).rejects.toThrow('Unauthorized');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an ID token (access tokens only)', async () => {
    const email = uniqueEmail('ws-id');
    await signUp(httpEvent({ body: { email, password: PASSWORD } }));
    await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
    const response = await fetch(`${api}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const { tokens } = (await response.json()) as { tokens: { idToken?: string } };
    if (tokens.idToken) await expect(authorize(authorizerEvent(tokens.idToken))).rejects.toThrow('Unauthorized');
  });

  it('refuses a token issued before the sessions were revoked (a password reset)', async () => {
    const a = await account();
    // Revoked a second after the token was issued (iat, whole seconds), as a reset a moment later would.
    const { iat } = JSON.parse(Buffer.from(a.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number };
    await revokeSessionsBefore(a.userId, (iat + 1) * 1000);
    await expect(authorize(authorizerEvent(a.accessToken))).rejects.toThrow('Unauthorized');
  });

  it('the gateway refuses the upgrade: 401 without or with a bad token', async () => {
    await expect(open(undefined)).rejects.toThrow('HTTP 401');
    await expect(open('forged.token.here')).rejects.toThrow('HTTP 401');
  });
});

describe('connections and topics', () => {
  it('a connection is stored for its account with a 2 h TTL; pushToUser reaches it; subscribing to another user refused', async () => {
    const [a, b] = await Promise.all([account(), account()]);
    const { socket, next } = await open(a.accessToken);
    const [connectionId] = await vi.waitFor(async () => {
      const ids = await connectionsOfUser(a.userId);
      expect(ids).toHaveLength(1);
      return ids;
    });
    const { Item } = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.connection(connectionId!) }));
    expect(Item).toMatchObject({ user_id: a.userId });
    expect(Number(Item!.ttl) - Date.now() / 1000).toBeGreaterThan(2 * 3600 - 60);
    expect(Number(Item!.ttl) - Date.now() / 1000).toBeLessThanOrEqual(2 * 3600 + 1);

    socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${b.userId}` }));
    expect(await next()).toEqual({ type: 'error', topic: `user:${b.userId}`, message: 'You may not subscribe to this topic' });
    expect(await connectionsOfTopic(`user:${b.userId}`)).toEqual([]);

    socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${a.userId}` }));
    expect(await next()).toEqual({ type: 'subscribed', topic: `user:${a.userId}` });
    // Group and match topics are decided by their areas: a stranger is refused.
    socket.send(JSON.stringify({ action: 'subscribe', topic: 'group:no-such-group' }));
    expect(await next()).toMatchObject({ type: 'error', message: 'You may not subscribe to this topic' });
    socket.send(JSON.stringify({ action: 'subscribe', topic: 'match:no-such-match' }));
    expect(await next()).toMatchObject({ type: 'error', message: 'You may not subscribe to this topic' });

    await pushToUser(a.userId, { type: 'test.hello', data: { n: 1 } });
    expect(await next()).toEqual({ topic: `user:${a.userId}`, type: 'test.hello', data: { n: 1 } });
    // b has no connection: nothing to send, nothing thrown.
    await pushToUser(b.userId, { type: 'test.hello', data: {} });

    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    socket.close();
  });

  it('malformed messages answer an error and never throw', async () => {
    const a = await account();
    const { socket, next } = await open(a.accessToken);
    socket.send('not json at all');
    expect(await next()).toEqual({ type: 'error', message: 'Malformed message' });
    socket.send(JSON.stringify({ action: 'subscribe', topic: 'nonsense' }));
    expect(await next()).toEqual({ type: 'error', message: 'Malformed message' });
    socket.send(JSON.stringify({ action: 'dance' }));
    expect(await next()).toEqual({ type: 'error', message: 'Malformed message' });
    socket.send(JSON.stringify({ action: 'subscribe' }));
    expect(await next()).toEqual({ type: 'error', message: 'Malformed message' });
    socket.close();

    for (const body of [undefined, '', '{', '[]', 'null', JSON.stringify({ action: 'subscribe', topic: 'x'.repeat(500) })]) {
      await expect(subscribe(wsEvent('unknown-connection', body))).resolves.toMatchObject({ statusCode: 400 });
      await expect(fallback(wsEvent('unknown-connection', body))).resolves.toMatchObject({ statusCode: 400 });
    }
    // Well-formed, but from a connection the table does not know.
    await expect(subscribe(wsEvent('unknown-connection', JSON.stringify({ action: 'subscribe', topic: 'user:abc' })))).resolves.toMatchObject({ statusCode: 410 });
  });

  it('a message over 128 KB is refused and closes the connection, as API Gateway does', async () => {
    const a = await account();
    const { socket } = await open(a.accessToken);
    const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
    socket.send(JSON.stringify({ action: 'ping', pad: 'x'.repeat(129 * 1024) }));
    expect(await closed).toBe(1009);
  });

  it('$disconnect removes the connection and its subscriptions', async () => {
    const a = await account();
    const { socket, next } = await open(a.accessToken);
    socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${a.userId}` }));
    expect(await next()).toMatchObject({ type: 'subscribed' });
    const [connectionId] = await connectionsOfUser(a.userId);
    expect(await itemsOf(connectionId!)).toEqual(['CONN', `SUB#user:${a.userId}`]);

    socket.close();
    await vi.waitFor(async () => expect(await itemsOf(connectionId!)).toEqual([]), { timeout: 5000 });
    expect(await connectionsOfUser(a.userId)).toEqual([]);
    expect(await connectionsOfTopic(`user:${a.userId}`)).toEqual([]);

    // The handler alone, as API Gateway calls it.
    await putConnection('direct-1', a.userId, new Date());
    await putSubscription({ connectionId: 'direct-1', userId: a.userId }, `user:${a.userId}`, new Date());
    await disconnect(wsEvent('direct-1'));
    expect(await itemsOf('direct-1')).toEqual([]);
  });

  it('a push to a connection the gateway no longer knows (410) deletes its items; live ones still get it', async () => {
    const a = await account();
    const topic = `user:${a.userId}` as const;
    const { socket, next } = await open(a.accessToken);
    socket.send(JSON.stringify({ action: 'subscribe', topic }));
    expect(await next()).toMatchObject({ type: 'subscribed' });
    // A connection left behind by a lost $disconnect.
    await putConnection('gone-connection', a.userId, new Date());
    await putSubscription({ connectionId: 'gone-connection', userId: a.userId }, topic, new Date());
    expect((await connectionsOfTopic(topic)).sort()).toContain('gone-connection');

    expect(await pushToTopic(topic, { type: 'test.topic', data: { ok: true } })).toEqual({ sent: 1 });
    expect(await next()).toEqual({ topic, type: 'test.topic', data: { ok: true } });
    expect(await itemsOf('gone-connection')).toEqual([]);
    expect(await connectionsOfUser(a.userId)).toHaveLength(1);

    // pushToUser cleans up the same way.
    await putConnection('gone-2', a.userId, new Date());
    await pushToUser(a.userId, { type: 'test.user', data: null });
    expect(await next()).toEqual({ topic, type: 'test.user', data: null });
    expect(await itemsOf('gone-2')).toEqual([]);
    socket.close();
  });
});

describe('the local gateway limits', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('a short idle limit closes the socket; the browser client reconnects, resubscribes and resyncs', async () => {
    const a = await account();
    const gateway = createWebSocketGateway({ root: process.cwd(), idleTimeoutMs: 600, lifetimeMs: 60_000 });
    const server = createServer((_req, res) => res.end());
    server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;

    const sent: string[] = [];
    const opened: string[] = [];
    const connection = new RealtimeConnection({
      url: `ws://127.0.0.1:${port}/ws`,
      token: () => Promise.resolve(a.accessToken),
      random: () => 0,
      pingIntervalMs: 60_000, // no keep-alive: let the idle limit bite
      createSocket: (url) => {
        const socket = new WebSocket(url);
        socket.on('open', () => opened.push(url));
        const send = socket.send.bind(socket);
        socket.send = ((data: string) => {
          sent.push(data);
          send(data);
        }) as typeof socket.send;
        return socket as unknown as globalThis.WebSocket;
      },
    });
    const received: unknown[] = [];
    let resyncs = 0;
    connection.listen(`user:${a.userId}`, (m) => received.push(m));
    connection.listen('match:some-match', () => undefined);
    connection.onResync(() => {
      resyncs += 1;
    });
    connection.start();

    await vi.waitFor(() => expect(connection.status).toBe('open'), { timeout: 5000 });
    expect(sent.filter((s) => s.includes('"subscribe"'))).toHaveLength(1);
    // Idle for longer than the limit: closed by the gateway, reopened by the client.
    await vi.waitFor(() => expect(opened.length).toBeGreaterThanOrEqual(2), { timeout: 8000 });
    await vi.waitFor(() => expect(resyncs).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    expect(sent.filter((s) => s === JSON.stringify({ action: 'subscribe', topic: 'match:some-match' })).length).toBeGreaterThanOrEqual(2);

    // The new connection is the account's (the old one's items are gone), and what the
    // gateway delivers to it reaches the user's listeners. (This gateway is not the one behind
    // the stack's @connections endpoint, so it is posted to directly.)
    await vi.waitFor(() => expect(connection.status).toBe('open'));
    const live = await vi.waitFor(async () => {
      const ids = (await connectionsOfUser(a.userId)).filter((id) => gateway.has(id));
      expect(ids).toHaveLength(1);
      return ids[0]!;
    });
    gateway.post(live, Buffer.from(JSON.stringify({ topic: `user:${a.userId}`, type: 'test.after-reconnect', data: 1 })));
    await vi.waitFor(() => expect(received).toContainEqual({ topic: `user:${a.userId}`, type: 'test.after-reconnect', data: 1 }), { timeout: 5000 });
    connection.stop();
    await gateway.stop();
  });

  it('a short lifetime closes even a busy socket', async () => {
    const a = await account();
    const gateway = createWebSocketGateway({ root: process.cwd(), idleTimeoutMs: 60_000, lifetimeMs: 800 });
    const server = createServer((_req, res) => res.end());
    server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws?token=${a.accessToken}`);
    await new Promise((r) => socket.once('open', r));
    const started = Date.now();
    const timer = setInterval(() => socket.send(JSON.stringify({ action: 'ping' })), 100);
    const code = await new Promise<number>((r) => socket.once('close', (c) => r(c)));
    clearInterval(timer);
    expect(code).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    await gateway.stop();
  });
});

/** What a group member hears on an open socket: access that ends ends delivery. */
describe('ending access ends delivery', () => {
  const setStatus = (userId: string, status: 'premium' | 'free') =>
    documentClient().send(
      new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.profile(userId), UpdateExpression: 'SET subscription_status = :s', ExpressionAttributeValues: { ':s': status } }),
    );
  const asCaller = (userId: string, input: { path?: Record<string, string>; body?: unknown } = {}) => httpEvent({ sub: userId, ...input });

  /** Two premium members of one group, each with a socket subscribed to its topic. */
  async function groupWithListeners() {
    const [owner, member] = await Promise.all([account(), account()]);
    await Promise.all([setStatus(owner.userId, 'premium'), setStatus(member.userId, 'premium')]);
    const group = (JSON.parse((await createGroup(asCaller(owner.userId, { body: { name: 'Leaving Chat Group' } }))).body!) as { group: { id: string } }).group;
    expect((await joinGroup(asCaller(member.userId, { path: { groupId: group.id } }))).statusCode).toBe(200);
    const topic = `group:${group.id}` as const;
    const ownerSocket = await open(owner.accessToken);
    const memberSocket = await open(member.accessToken);
    for (const s of [ownerSocket, memberSocket]) {
      s.socket.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await s.next()).toEqual({ type: 'subscribed', topic });
    }
    const say = async (message: string) => {
      const result = await sendMessage(asCaller(owner.userId, { path: { groupId: group.id }, body: { message } }));
      expect(result.statusCode).toBe(201);
    };
    // Both hear the first message.
    await say('before');
    for (const s of [ownerSocket, memberSocket]) expect(await s.next()).toMatchObject({ topic, type: 'chat.message', data: { message: 'before' } });
    return { owner, member, group, topic, ownerSocket, memberSocket, say };
  }

  /**
   * The owner (still a member) hears the message; the other socket hears nothing. The send
   * returns after its pushes are posted to the gateway, so a ping sent by the other socket
   * afterwards is answered after anything pushed to it: its pong comes first, or the push did.
   */
  async function onlyOwnerHears(g: Awaited<ReturnType<typeof groupWithListeners>>, message: string) {
    await g.say(message);
    expect(await g.ownerSocket.next()).toMatchObject({ topic: g.topic, type: 'chat.message', data: { message } });
    g.memberSocket.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await g.memberSocket.next()).toEqual({ type: 'pong' });
    expect(g.memberSocket.received.filter((m) => (m as { type?: string }).type === 'chat.message')).toEqual([]);
  }

  it('a member who leaves gets no further chat.message on a socket subscribed before; the subscription is gone at once', async () => {
    const g = await groupWithListeners();
    try {
      expect((await leaveGroup(asCaller(g.member.userId, { path: { groupId: g.group.id } }))).statusCode).toBe(204);
      expect((await listMessages(asCaller(g.member.userId, { path: { groupId: g.group.id } }))).statusCode).toBe(403);
      // Removed by the leave itself, not only skipped at the next push.
      const [memberConnection] = await connectionsOfUser(g.member.userId);
      expect(await itemsOf(memberConnection!)).toEqual(['CONN']);
      await onlyOwnerHears(g, 'after leaving');
      // Subscribing again is refused.
      g.memberSocket.socket.send(JSON.stringify({ action: 'subscribe', topic: g.topic }));
      expect(await g.memberSocket.next()).toMatchObject({ type: 'error', message: 'You may not subscribe to this topic' });
    } finally {
      g.ownerSocket.socket.close();
      g.memberSocket.socket.close();
    }
  });

  it('a member whose premium ends (time, no action) hears no more: access is checked again at each push', async () => {
    const g = await groupWithListeners();
    try {
      await setStatus(g.member.userId, 'free');
      await onlyOwnerHears(g, 'after premium ended');
      // The push also dropped the subscription it refused.
      const [memberConnection] = await connectionsOfUser(g.member.userId);
      expect(await itemsOf(memberConnection!)).toEqual(['CONN']);
    } finally {
      g.ownerSocket.socket.close();
      g.memberSocket.socket.close();
    }
  });
});

/** What an open socket does once its account's sessions end: it is closed. */
describe('ending the sessions closes the sockets', () => {
  /** A socket subscribed to its own topic, with a promise of its close code. */
  async function listening(a: Account) {
    const s = await open(a.accessToken);
    const closed = new Promise<number>((r) => s.socket.once('close', (code) => r(code)));
    s.socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${a.userId}` }));
    expect(await s.next()).toEqual({ type: 'subscribed', topic: `user:${a.userId}` });
    return { ...s, closed };
  }

  async function expectClosedAndForgotten(a: Account, sockets: Awaited<ReturnType<typeof listening>>[]) {
    for (const s of sockets) {
      await expect(Promise.race([s.closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).resolves.toBe(1000);
      expect(s.socket.readyState).toBe(WebSocket.CLOSED);
    }
    await vi.waitFor(async () => expect(await connectionsOfUser(a.userId)).toEqual([]), { timeout: 5000 });
    expect(await connectionsOfTopic(`user:${a.userId}`)).toEqual([]);
  }

  it('a password reset closes every open socket of the account; another account\'s socket keeps working', async () => {
    const [a, other] = await Promise.all([account(), account()]);
    const laptop = await listening(a);
    const phone = await listening(a);
    const bystander = await listening(other);

    const before = mailbox.list().filter((m) => m.to.includes(a.email) && /Reset/.test(m.subject)).length;
    await requestReset(httpEvent({ body: { email: a.email } }));
    await expect.poll(() => mailbox.list().filter((m) => m.to.includes(a.email) && /Reset/.test(m.subject)).length).toBe(before + 1);
    const token = linkToken(await mailTo(mailbox, a.email, /Reset/), 'token');
    expect((await resetPassword(httpEvent({ body: { token, password: 'Supernova#2718', confirmPassword: 'Supernova#2718' } }))).statusCode).toBe(200);

    await expectClosedAndForgotten(a, [laptop, phone]);
    // Nothing is delivered to the account any more, and the old token opens no new socket.
    await pushToUser(a.userId, { type: 'test.after-reset', data: null });
    await expect(open(a.accessToken)).rejects.toThrow('HTTP 401');

    bystander.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await bystander.next()).toEqual({ type: 'pong' });
    bystander.socket.close();
  });

  it('Delete Account closes the account\'s sockets and forgets their subscriptions', async () => {
    const a = await account();
    const s = await listening(a);
    const deleted = await deleteAccount(httpEvent({ sub: a.userId }));
    expect(deleted.statusCode).toBe(202);
    await expectClosedAndForgotten(a, [s]);
  });
});

/** One socket or one account cannot slow everyone. */
describe('throttling', () => {
  const cap = WEBSOCKET_THROTTLE.connectionsPerAccount;
  const connectEvent = (connectionId: string, userId: string) =>
    ({ requestContext: { connectionId, routeKey: '$connect', eventType: 'CONNECT', requestTimeEpoch: Date.now(), authorizer: { userId } } }) as never;

  it(`an account holds at most ${cap} sockets: the next is refused with 429, also when many open at once; closing one makes room`, async () => {
    const a = await account();
    const burst = await Promise.allSettled(Array.from({ length: cap + 5 }, () => open(a.accessToken)));
    const opened = burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(opened.length).toBeLessThanOrEqual(cap);
    for (const r of burst) if (r.status === 'rejected') expect(String(r.reason)).toContain('HTTP 429');
    // Fill up to the cap one by one, then one more is refused.
    while (opened.length < cap) opened.push(await open(a.accessToken));
    await expect(open(a.accessToken)).rejects.toThrow('HTTP 429');
    expect(await connectionsOfUser(a.userId)).toHaveLength(cap);
    // Every open socket works.
    for (const s of opened) s.socket.send(JSON.stringify({ action: 'ping' }));
    for (const s of opened) expect(await s.next()).toEqual({ type: 'pong' });

    opened.pop()!.socket.close();
    await vi.waitFor(async () => expect(await connectionsOfUser(a.userId)).toHaveLength(cap - 1), { timeout: 5000 });
    const again = await open(a.accessToken);
    for (const s of [...opened, again]) s.socket.close();
  });

  it('the $connect handler alone (as in AWS) refuses an account over the cap and stores nothing for it', async () => {
    const a = await account();
    for (let i = 0; i < cap; i += 1) expect(await connect(connectEvent(`cap-${a.userId}-${i}`, a.userId))).toEqual({ statusCode: 200 });
    expect(await connect(connectEvent(`cap-${a.userId}-over`, a.userId))).toMatchObject({ statusCode: 429 });
    expect(await itemsOf(`cap-${a.userId}-over`)).toEqual([]);
    expect(await connectionsOfUser(a.userId)).toHaveLength(cap);
    for (let i = 0; i < cap; i += 1) await disconnect(wsEvent(`cap-${a.userId}-${i}`));
  });

  it('a socket that floods frames is throttled and then closed (1008); another account\'s socket answers promptly meanwhile', async () => {
    const [flooder, honest] = await Promise.all([account(), account()]);
    const f = await open(flooder.accessToken);
    const h = await open(honest.accessToken);
    const closed = new Promise<number>((r) => f.socket.once('close', (code) => r(code)));
    const started = Date.now();
    for (let i = 0; i < 2000; i += 1) f.socket.send(JSON.stringify({ action: 'ping' }));

    const pinged = Date.now();
    h.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await h.next()).toEqual({ type: 'pong' });
    expect(Date.now() - pinged).toBeLessThan(1000);

    await expect(Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).resolves.toBe(1008);
    const elapsedSeconds = (Date.now() - started) / 1000;
    const pongs = f.received.filter((m) => (m as { type?: string }).type === 'pong').length;
    // The frames within the budget ran (their replies may miss the closing socket), the rest never did.
    expect(pongs).toBeLessThanOrEqual(WEBSOCKET_THROTTLE.frameBurst + Math.ceil(WEBSOCKET_THROTTLE.framesPerSecond * elapsedSeconds));
    expect(f.received).toContainEqual(expect.objectContaining({ message: 'Too Many Requests' }));
    h.socket.close();
  });

  it('in AWS, where the gateway limits no socket, the route functions refuse a flooding socket past the limit, then close it and forget it', async () => {
    const [flooder, honest] = await Promise.all([account(), account()]);
    const f = await open(flooder.accessToken);
    const h = await open(honest.accessToken);
    const idOf = (userId: string) =>
      vi.waitFor(async () => {
        const ids = await connectionsOfUser(userId);
        expect(ids).toHaveLength(1);
        return ids[0]!;
      });
    const [floodId, honestId] = await Promise.all([idOf(flooder.userId), idOf(honest.userId)]);
    f.socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${flooder.userId}` }));
    expect(await f.next()).toEqual({ type: 'subscribed', topic: `user:${flooder.userId}` });
    const closed = new Promise<number>((r) => f.socket.once('close', (code) => r(code)));

    // The frames as API Gateway hands them to the ping function, all inside one window of the limit.
    const middleOfAWindow = (Math.floor(Date.now() / WEBSOCKET_THROTTLE.frameWindowMs) + 0.5) * WEBSOCKET_THROTTLE.frameWindowMs;
    vi.spyOn(Date, 'now').mockReturnValue(middleOfAWindow);
    const ping = (connectionId: string) => pingRoute(wsEvent(connectionId, JSON.stringify({ action: 'ping' }))) as Promise<{ statusCode: number; body: string }>;
    // The subscribe above was this window's first frame.
    for (let i = 2; i <= FRAMES_PER_WINDOW; i += 1) expect(await ping(floodId)).toMatchObject({ statusCode: 200 });
    const refused = await ping(floodId);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ type: 'error', message: 'Too Many Requests' });
    // Another account's socket is counted apart.
    expect(await ping(honestId)).toEqual({ statusCode: 200, body: JSON.stringify({ type: 'pong' }) });
    for (let i = 2; i <= WEBSOCKET_THROTTLE.dropsBeforeClose; i += 1) expect((await ping(floodId)).statusCode).toBe(429);
    expect(await itemsOf(floodId)).toEqual(['CONN', `SUB#user:${flooder.userId}`]);

    // One more: refused, and the socket is closed through @connections and its items are gone; the operator's log says so once.
    const warned = vi.spyOn(log, 'warn');
    expect((await ping(floodId)).statusCode).toBe(429);
    expect(warned.mock.calls.filter(([message]) => message === 'ws: closed a socket that flooded frames')).toEqual([
      ['ws: closed a socket that flooded frames', { connectionId: floodId, userId: undefined, frames: FRAMES_PER_WINDOW + WEBSOCKET_THROTTLE.dropsBeforeClose + 1 }],
    ]);
    vi.restoreAllMocks();
    await expect(Promise.race([closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).resolves.toEqual(expect.any(Number));
    expect(await itemsOf(floodId, true)).toEqual([]);
    expect(await connectionsOfUser(flooder.userId)).toEqual([]);
    h.socket.send(JSON.stringify({ action: 'ping' }));
    expect(await h.next()).toEqual({ type: 'pong' });
    h.socket.close();
  });

  it('a client within the limits is never throttled: a subscribe burst on open and steady pings', async () => {
    const a = await account();
    const s = await open(a.accessToken);
    for (let i = 0; i < WEBSOCKET_THROTTLE.frameBurst; i += 1) s.socket.send(JSON.stringify({ action: 'ping' }));
    for (let i = 0; i < WEBSOCKET_THROTTLE.frameBurst; i += 1) expect(await s.next()).toEqual({ type: 'pong' });
    expect(s.received).toEqual([]);
    s.socket.close();
  });
});
