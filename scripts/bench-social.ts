import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { periodBucket, pointsSortKey } from '#shared/social/leaderboard.ts';
import { localCognitoClient } from '../infra/local/cognito.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { postFrom } from '../tests/support/loopback-http.ts';

/**
 * Social budgets against the local stack:
 * 1. the global leaderboard with 100 and with 10,000 players' totals in the bucket: DynamoDB
 *    requests and read capacity of one GET /api/leaderboard (must be the same: flat);
 * 2. the friend leaderboard of a user with 10 and with 200 friends (grows with friends, by
 *    BatchGet of 100 keys);
 * 3. ChallengeFinished published → the feed item in a player's feed, p50/p95 over 20 events.
 * Requests and capacity are counted on the handlers' own DynamoDB client, which asks every
 * read for its consumed capacity while the bench measures.
 */
const PORT = Number(process.env.BENCH_SOCIAL_PORT ?? 3650);
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-social-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { putItems } = await import('../functions/data/batch-write.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { newProfile, putProfile } = await import('../functions/profile/data/profiles.ts');
const { publish } = await import('../functions/lib/publish.ts');
const table = stack.env.TABLE_NAME!;

// Counting on the client the handlers use: requests, and read capacity units of what they report.
const meter = { on: false, requests: 0, capacity: 0, estimated: false };
// Command names as this step sees them (the document client's or the low-level client's).
const READS = new Set(['GetCommand', 'GetItemCommand', 'BatchGetCommand', 'BatchGetItemCommand', 'QueryCommand']);
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    if (!meter.on) return next(args);
    meter.requests += 1;
    const input = args.input as { ReturnConsumedCapacity?: string };
    if (READS.has(String(context.commandName))) input.ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[]; Responses?: Record<string, unknown[]> };
    const used = [output.ConsumedCapacity ?? []].flat();
    for (const c of used) meter.capacity += c.CapacityUnits ?? 0;
    // DynamoDB Local answers BatchGetItem without ConsumedCapacity: count as AWS does for
    // eventually consistent reads of items under 4 KB, half a unit per item returned.
    if (String(context.commandName).startsWith('BatchGet') && used.length === 0) {
      meter.capacity += 0.5 * Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0);
      meter.estimated = true;
    }
    return result;
  },
  { step: 'initialize', name: 'bench-social-meter' },
);
async function measure(run: () => Promise<unknown>): Promise<{ requests: number; capacity: number }> {
  Object.assign(meter, { on: true, requests: 0, capacity: 0 });
  try {
    await run();
    return { requests: meter.requests, capacity: meter.capacity };
  } finally {
    meter.on = false;
  }
}

async function writeAll(items: Record<string, unknown>[]): Promise<void> {
  await putItems(items);
}

/** A player's all-subjects total for this week, as the leaderboard consumer writes it. */
function weekTotal(userId: string, points: number) {
  const bucket = periodBucket('week', new Date());
  return {
    ...keys.leaderboardTotal(userId, 'all', bucket),
    gsi1pk: keys.leaderboardBoard('all', bucket),
    gsi1sk: pointsSortKey(points, userId),
    type: 'leaderboard-total',
    user_id: userId,
    email: `player-${userId.slice(0, 8)}@example.com`,
    scope: 'all',
    bucket,
    points,
    quizzes: 1 + (points % 7),
  };
}

try {
  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  async function student(n: number): Promise<{ token: string; sub: string; email: string }> {
    const email = `bench-social-${n}-${Date.now()}@example.com`;
    const password = 'Bench#2026pass';
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
    const response = await postFrom(`127.0.9.${n + 1}`, `${stack.url}/api/auth/sign-in`, { email, password });
    const body = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
    return { token: body.tokens.accessToken, sub: body.profile.user_id, email };
  }
  const get = async (path: string, token?: string) => {
    const response = await fetch(`${stack.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { entries: unknown[] };
  };

  // 1. Global board: 100 players, then 10,000 in the same bucket.
  const players = Array.from({ length: 10_000 }, (_, i) => weekTotal(randomUUID(), (i * 7919) % 100_000));
  await writeAll(players.slice(0, 100));
  await get('/api/leaderboard'); // warm the handler
  const small = await measure(() => get('/api/leaderboard'));
  await writeAll(players.slice(100));
  let top = 0;
  const large = await measure(async () => (top = (await get('/api/leaderboard')).entries.length));
  console.log(`global leaderboard (week, all subjects): 100 players → ${small.requests} DynamoDB requests, ${small.capacity} RCU; 10,000 players → ${large.requests} requests, ${large.capacity} RCU (${top} entries shown)`);

  // 2. Friend boards: 10 and 200 friends, each with a total this week.
  const [ten, twoHundred] = await Promise.all([student(1), student(2)]);
  for (const [who, count] of [[ten, 10], [twoHundred, 200]] as const) {
    const friends = players.slice(0, count);
    await writeAll(friends.flatMap((f) => [
      { ...keys.friend(who.sub, f.user_id), type: 'friend', friend_id: f.user_id, friend_email: f.email, created_at: new Date().toISOString(), accepted_at: new Date().toISOString() },
      { ...keys.friend(f.user_id, who.sub), type: 'friend', friend_id: who.sub, friend_email: who.email, created_at: new Date().toISOString(), accepted_at: new Date().toISOString() },
    ]));
  }
  await get('/api/leaderboard/friends?period=week', ten.token);
  const forTen = await measure(() => get('/api/leaderboard/friends?period=week', ten.token));
  const forTwoHundred = await measure(() => get('/api/leaderboard/friends?period=week', twoHundred.token));
  console.log(
    `friend leaderboard (week): 10 friends → ${forTen.requests} DynamoDB requests, ${forTen.capacity} RCU; 200 friends → ${forTwoHundred.requests} requests, ${forTwoHundred.capacity} RCU (the caller's profile and session reads included${meter.estimated ? '; BatchGet capacity counted at 0.5 RCU an item, as DynamoDB Local reports none' : ''})`,
  );
  const feedFor = await measure(() => get('/api/feed', twoHundred.token));
  console.log(`feed read (200 friends): ${feedFor.requests} DynamoDB requests, ${feedFor.capacity} RCU`);

  // 3. ChallengeFinished → feed item, through the local EventBridge and the feed consumer.
  const [a, b] = [newProfile({ userId: randomUUID(), email: `bench-a-${Date.now()}@example.com`, now: new Date() }), newProfile({ userId: randomUUID(), email: `bench-b-${Date.now()}@example.com`, now: new Date() })];
  await Promise.all([putProfile(a), putProfile(b)]);
  await writeAll([
    { ...keys.friend(a.user_id, b.user_id), type: 'friend', friend_id: b.user_id, friend_email: b.email, created_at: new Date().toISOString(), accepted_at: new Date().toISOString() },
    { ...keys.friend(b.user_id, a.user_id), type: 'friend', friend_id: a.user_id, friend_email: a.email, created_at: new Date().toISOString(), accepted_at: new Date().toISOString() },
  ]);
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const challengeId = randomUUID();
    const completedAt = new Date().toISOString();
    const started = performance.now();
    await publish('ChallengeFinished', {
      challengeId,
      challengerId: a.user_id,
      challengedId: b.user_id,
      subject: 'geography',
      level: 'beginner',
      challengerScore: { score: 4, total: 5 },
      challengedScore: { score: 3, total: 5 },
      winnerId: a.user_id,
      completedAt,
    });
    const Key = keys.feedItem(b.user_id, completedAt, `challenge#${challengeId}`);
    for (;;) {
      const { Item } = await documentClient().send(new GetCommand({ TableName: table, Key }));
      if (Item) break;
      if (performance.now() - started > 10_000) throw new Error('no feed item after 10 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - started);
  }
  latencies.sort((x, y) => x - y);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
  console.log(`ChallengeFinished → feed item (local bus, 20 events): p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);

  if (small.requests !== large.requests || small.capacity !== large.capacity || top !== 100) {
    console.error('the global leaderboard read grew with the number of players');
    process.exitCode = 1;
  }
} finally {
  await stack.bus.drain();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
