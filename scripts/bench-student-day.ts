import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { chromium, type Page } from 'playwright-core';
import { buildWebIfStale } from '../infra/local/build-web.ts';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * A simulated student-day against the local stack, in a real Chromium: sign in, three rounds,
 * the dashboard, the friends page, a friend challenge, the bell, with the page left open as a
 * student leaves it. Counted: API calls by route (browser side), WebSocket frames, and on the
 * server the DynamoDB requests and the read/write units they consumed (every request asks for
 * ReturnConsumedCapacity TOTAL; where DynamoDB Local reports none, BatchGet/BatchWrite/Transact,
 * units are estimated from item counts: 0.5 RCU a read item, 1 WCU a written item, items < 1 KB).
 * Open time is compressed with Playwright's page clock: the page's timers jump ahead 30 s at a
 * time, so a poll fires as it would in real time.
 *
 * The day runs twice in one stack: with the socket (pushes say when to refetch) and with the
 * page's WebSocket blocked, where every screen polls as its fallback, as all of them did before
 * the pushes. Target: half the calls.
 */

/** List prices, us-east-1, as of November 2026. */
const PRICE = {
  region: 'us-east-1',
  date: '2026-11',
  httpApiPerMillion: 1.0,
  websocketMessagesPerMillion: 1.0,
  websocketConnectionMinutesPerMillion: 0.25,
  lambdaRequestsPerMillion: 0.2,
  lambdaGbSecond: 0.0000166667,
  dynamoWriteUnitsPerMillion: 1.25,
  dynamoReadUnitsPerMillion: 0.25,
} as const;
/** infra/constructs/project-function.ts: every function's memory. */
const LAMBDA_MEMORY_GB = 512 / 1024;
/** A warm handler's billed time in AWS, assumed (the local host's times are not Lambda's). */
const LAMBDA_BILLED_MS = 60;
/** A student is active on this many days of a month. */
const ACTIVE_DAYS_PER_MONTH = 30;

/** Minutes of open page per step of the day (the page's clock runs them in 30 s jumps). */
const OPEN_MINUTES = { dashboardAfterRounds: 20, friends: 10, waitingForChallenge: 10, bell: 5, dashboardEnd: 15 } as const;
const openMinutesTotal = Object.values(OPEN_MINUTES).reduce((a, b) => a + b, 0);

const root = resolve(import.meta.dirname, '..');
await buildWebIfStale(root);
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-day-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
// The scheduled jobs (the week's tournaments, reminders) would count as the student's requests.
await stack.scheduler.stop();
const { documentClient } = await import('../functions/lib/clients.ts');
const { putItems } = await import('../functions/data/batch-write.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { newProfile, putProfile } = await import('../functions/profile/data/profiles.ts');
const { publish } = await import('../functions/lib/publish.ts');

const meter = { on: false, requests: new Map<string, number>(), rcu: 0, wcu: 0, estimated: new Set<string>() };
const READS = /^(Get|BatchGet|Query|Scan|TransactGet)/;
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    if (!meter.on) return next(args);
    const name = String(context.commandName).replace(/Command$/, '').replace(/Items?$/, '');
    meter.requests.set(name, (meter.requests.get(name) ?? 0) + 1);
    const input = args.input as { ReturnConsumedCapacity?: string; RequestItems?: Record<string, unknown[]>; TransactItems?: unknown[] };
    input.ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    const output = result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[]; Responses?: Record<string, unknown[]> | unknown[] };
    const used = [output.ConsumedCapacity ?? []].flat();
    const read = READS.test(name);
    if (used.length > 0) {
      for (const c of used) {
        const units = c.CapacityUnits ?? 0;
        if (read) meter.rcu += units;
        else meter.wcu += units;
      }
    } else if (name === 'BatchGet') {
      meter.rcu += 0.5 * Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
      meter.estimated.add(name);
    } else if (name === 'BatchWrite') {
      meter.wcu += Object.values(input.RequestItems ?? {}).reduce((n, items) => n + items.length, 0);
      meter.estimated.add(name);
    } else if (name === 'TransactWrite') {
      meter.wcu += 2 * (input.TransactItems?.length ?? 0);
      meter.estimated.add(name);
    } else if (name === 'TransactGet') {
      meter.rcu += 2 * (input.TransactItems?.length ?? 0);
      meter.estimated.add(name);
    }
    return result;
  },
  { step: 'initialize', name: 'bench-student-day-meter' },
);

/** /api/friends/4f0c… → /api/friends/:id: routes, not resources. */
function routeOf(method: string, url: string): string {
  const path = new URL(url).pathname.replace(/\/(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g, '/:id');
  return `${method} ${path}`;
}

async function openFor(p: Page, minutes: number): Promise<void> {
  for (let s = 0; s < minutes * 2; s++) {
    await p.clock.runFor(30_000);
    await p.waitForTimeout(40);
  }
  await p.waitForLoadState('networkidle').catch(() => undefined);
}

async function playRound(p: Page, url: string): Promise<void> {
  await p.goto(url);
  for (let n = 1; n <= 10; n++) {
    await p.getByText(`Question ${n} of 10`).waitFor();
    await p.getByRole('button', { name: /^A\. / }).click();
  }
  await p.getByRole('dialog', { name: 'Quiz Complete!' }).getByRole('link', { name: 'Return to Dashboard' }).click();
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
}

const PASSWORD = 'Bench#2026pass';
async function account(prefix: string): Promise<{ email: string }> {
  const email = `${prefix}-${Date.now().toString(36)}@example.com`;
  const { AdminCreateUserCommand, AdminSetUserPasswordCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  const { localCognitoClient } = await import('../infra/local/cognito.ts');
  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: PASSWORD, Permanent: true }));
  return { email };
}

// As the end-to-end tests launch it (tests/support/browser.ts).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
/** One student's day in a fresh browser context; prints its figures and answers its API calls. */
async function studentDay(socketOff: boolean): Promise<number> {
  // The student signs in through the page (the profile is made then); the friend exists already.
  const student = await account('day-student');
  const friend = newProfile({ userId: randomUUID(), email: `day-friend-${Date.now().toString(36)}@example.com`, now: new Date() });
  await putProfile(friend);

  const context = await browser.newContext();
  const p = await context.newPage();
  p.setDefaultTimeout(20_000);
  if (socketOff) await p.routeWebSocket(/\/ws/, (ws) => ws.close());
  await p.clock.install();
  const calls = new Map<string, number>();
  let socketFramesIn = 0;
  let socketFramesOut = 0;
  let socketOpenMs = 0;
  p.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    const route = routeOf(request.method(), request.url());
    calls.set(route, (calls.get(route) ?? 0) + 1);
  });
  p.on('websocket', (ws) => {
    const opened = Date.now();
    ws.on('framereceived', () => (socketFramesIn += 1));
    ws.on('framesent', () => (socketFramesOut += 1));
    ws.on('close', () => (socketOpenMs += Date.now() - opened));
  });

  Object.assign(meter, { on: true, requests: new Map<string, number>(), rcu: 0, wcu: 0, estimated: new Set<string>() });
  // Sign in.
  await p.goto(`${stack.url}/auth`);
  await p.getByLabel('Email').fill(student.email);
  await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const signedIn = p.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in') && r.status() === 200);
  await p.getByRole('button', { name: 'Sign In', exact: true }).click();
  const studentId = ((await (await signedIn).json()) as { profile: { user_id: string } }).profile.user_id;
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
  // Friends already (as after an accepted request, which is not the point here).
  const now = new Date().toISOString();
  await putItems([
    { ...keys.friend(studentId, friend.user_id), type: 'friend', friend_id: friend.user_id, friend_email: friend.email, created_at: now, accepted_at: now },
    { ...keys.friend(friend.user_id, studentId), type: 'friend', friend_id: studentId, friend_email: student.email, created_at: now, accepted_at: now },
  ]);

  // Three rounds, from the dashboard.
  for (const subject of ['history', 'geography', 'religion']) await playRound(p, `${stack.url}/quiz/${subject}/beginner`);
  // The dashboard stays open; the friend finishes a round meanwhile.
  const friendRound = () =>
    publish('QuizCompleted', {
      attemptId: randomUUID(),
      userId: friend.user_id,
      subject: 'history',
      level: 'beginner',
      mode: 'practice',
      score: 7,
      total: 10,
      points: 70,
      timeSpentMs: 60_000,
      completedAt: new Date().toISOString(),
      timeZone: 'UTC',
      topics: [],
    });
  await friendRound();
  await openFor(p, OPEN_MINUTES.dashboardAfterRounds);
  // Friends page.
  await p.goto(`${stack.url}/friends`);
  await p.getByRole('list', { name: 'Your friends' }).getByText(friend.email).waitFor();
  await openFor(p, OPEN_MINUTES.friends);
  // A friend challenge, then the page waits for the friend.
  await p.getByRole('tab', { name: /^Friends/ }).click();
  await p.getByRole('list', { name: 'Your friends' }).getByRole('button', { name: `Challenge ${friend.email}` }).click();
  await p.getByRole('dialog', { name: `Challenge ${friend.email}` }).getByRole('button', { name: 'Send Challenge' }).click();
  await p.getByText(`Challenge sent to ${friend.email}`).waitFor();
  await openFor(p, OPEN_MINUTES.waitingForChallenge);
  // The bell, opened on the dashboard.
  await p.goto(`${stack.url}/dashboard`);
  await p.getByRole('heading', { name: 'Student Dashboard' }).waitFor();
  await p.getByRole('button', { name: /^Notifications/ }).first().click();
  await openFor(p, OPEN_MINUTES.bell);
  await p.keyboard.press('Escape');
  await friendRound();
  await openFor(p, OPEN_MINUTES.dashboardEnd);
  await stack.bus.drain();
  meter.on = false;
  await context.close();

  const apiCalls = [...calls.values()].reduce((a, b) => a + b, 0);
  const dynamoRequests = [...meter.requests.values()].reduce((a, b) => a + b, 0);
  const lambdaRequests = apiCalls + socketFramesOut + (socketOff ? 0 : 1);
  const perStudentMonth = {
    api: (apiCalls * PRICE.httpApiPerMillion) / 1e6,
    websocket: (socketFramesIn + socketFramesOut) * PRICE.websocketMessagesPerMillion / 1e6 + ((socketOpenMs / 60_000 + openMinutesTotal) * PRICE.websocketConnectionMinutesPerMillion) / 1e6,
    lambda: (lambdaRequests * PRICE.lambdaRequestsPerMillion) / 1e6 + lambdaRequests * (LAMBDA_BILLED_MS / 1000) * LAMBDA_MEMORY_GB * PRICE.lambdaGbSecond,
    dynamo: (meter.rcu * PRICE.dynamoReadUnitsPerMillion + meter.wcu * PRICE.dynamoWriteUnitsPerMillion) / 1e6,
  };
  const per1000 = (v: number) => (v * ACTIVE_DAYS_PER_MONTH * 1000).toFixed(2);
  const total = Object.values(perStudentMonth).reduce((a, b) => a + b, 0);

  console.log(`student-day (${socketOff ? 'socket blocked: fallback polling' : 'socket open'}): ${openMinutesTotal} minutes of open page, 3 rounds, friends page, a challenge, the bell`);
  console.log(`  API calls: ${apiCalls}`);
  for (const [route, n] of [...calls.entries()].sort((a, b) => b[1] - a[1])) console.log(`    ${String(n).padStart(4)}  ${route}`);
  console.log(`  WebSocket frames: ${socketFramesOut} sent, ${socketFramesIn} received`);
  console.log(`  DynamoDB requests: ${dynamoRequests} (${[...meter.requests.entries()].map(([k, v]) => `${k} ${v}`).join(', ')})`);
  console.log(`  consumed: ${meter.rcu.toFixed(1)} RCU, ${meter.wcu.toFixed(1)} WCU (reported by DynamoDB Local; estimated from item counts for ${[...meter.estimated].join(', ') || 'none'})`);
  console.log(
    `  cost per 1,000 students a month (${ACTIVE_DAYS_PER_MONTH} such days; list prices ${PRICE.region} ${PRICE.date}): $${per1000(total)} = API Gateway HTTP $${per1000(perStudentMonth.api)} + WebSocket $${per1000(perStudentMonth.websocket)} + Lambda $${per1000(perStudentMonth.lambda)} (${LAMBDA_BILLED_MS} ms at ${LAMBDA_MEMORY_GB * 1024} MB, API and socket routes only) + DynamoDB $${per1000(perStudentMonth.dynamo)}`,
  );
  return apiCalls;
}

try {
  // Today's behaviour is what a page does without pushes: every screen on its timer (the socket blocked).
  const withPush = await studentDay(false);
  const withoutPush = await studentDay(true);
  console.log(`API calls with pushes: ${withPush}; with the socket blocked (every screen on its fallback poll, the bell's too): ${withoutPush} (${((100 * withPush) / withoutPush).toFixed(0)} %)`);
  if (withPush * 2 > withoutPush) process.exitCode = 1;
} finally {
  await browser.close();
  await stack.bus.drain();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
