import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import { localCognitoClient } from '../infra/local/cognito.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { postFrom } from '../tests/support/loopback-http.ts';

/**
 * Study-group chat latency on the local stack: members of one
 * group each hold a WebSocket subscribed to group:<id>; messages are sent in turn through
 * POST /api/groups/{id}/messages, and each is timed from the send to its receipt on another
 * member's socket (p50/p95 over MESSAGES). The send's own HTTP time is shown beside it.
 * Senders take turns slowly enough to stay under the per-account chat rate limit.
 */
const PORT = Number(process.env.BENCH_CHAT_PORT ?? 3670);
const MEMBERS = 4;
const MESSAGES = 100;
const SPACING_MS = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-chat-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { keys } = await import('../functions/data/table-design.ts');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Member {
  token: string;
  sub: string;
  socket?: WebSocket;
}

try {
  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  async function premiumStudent(n: number): Promise<Member> {
    const email = `bench-chat-${n}-${Date.now()}@example.com`;
    const password = 'Bench#2026pass';
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
    const response = await postFrom(`127.0.10.${n + 1}`, `${stack.url}/api/auth/sign-in`, { email, password });
    const body = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
    await documentClient().send(
      new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: keys.profile(body.profile.user_id), UpdateExpression: 'SET subscription_status = :p', ExpressionAttributeValues: { ':p': 'premium' } }),
    );
    return { token: body.tokens.accessToken, sub: body.profile.user_id };
  }
  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };

  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, n) => premiumStudent(n)));
  const { group } = (await call('POST', '/api/groups', members[0]!.token, { name: 'Bench Chat Group' })) as { group: { id: string } };
  for (const m of members.slice(1)) await call('POST', `/api/groups/${group.id}/join`, m.token);
  const topic = `group:${group.id}`;

  // message text → receipt time, per member
  const receipts = new Map<string, Map<string, number>>();
  await Promise.all(
    members.map(
      (m) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(m.token)}`);
          const seen = new Map<string, number>();
          receipts.set(m.sub, seen);
          m.socket = socket;
          socket.on('message', (data: Buffer) => {
            const message = JSON.parse(data.toString('utf8')) as { type: string; data?: { message?: string } };
            if (message.type === 'subscribed') resolve();
            else if (message.type === 'chat.message' && message.data?.message) seen.set(message.data.message, performance.now());
          });
          socket.once('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic })));
          socket.once('error', reject);
        }),
    ),
  );

  const fanout: number[] = [];
  const http: number[] = [];
  let lost = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const sender = members[i % MEMBERS]!;
    const reader = members[(i + 1) % MEMBERS]!;
    const text = `bench message ${i}`;
    const start = performance.now();
    await call('POST', `/api/groups/${group.id}/messages`, sender.token, { message: text });
    http.push(performance.now() - start);
    const deadline = Date.now() + 5000;
    while (!receipts.get(reader.sub)!.has(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const at = receipts.get(reader.sub)!.get(text);
    if (at === undefined) lost++;
    else fanout.push(at - start);
    await new Promise((r) => setTimeout(r, SPACING_MS));
  }
  // Every member's socket should hold every message exactly once (a Map cannot double-count, so count deliveries on all).
  const everywhere = [...receipts.values()].every((seen) => seen.size === MESSAGES);

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\nStudy-group chat, ${MEMBERS} members, ${MESSAGES} messages (local stack, in-process WebSocket gateway):`);
  console.log(`  send → receipt on another member's WebSocket: p50 ${ms(percentile(fanout, 50))}, p95 ${ms(percentile(fanout, 95))}, max ${ms(Math.max(...fanout))}`);
  console.log(`  POST /api/groups/{id}/messages (HTTP answer):   p50 ${ms(percentile(http, 50))}, p95 ${ms(percentile(http, 95))}`);
  console.log(`  lost: ${lost}; every member received every message: ${everywhere ? 'yes' : 'no'}`);
  for (const m of members) m.socket?.close();
  if (lost > 0 || !everywhere) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
