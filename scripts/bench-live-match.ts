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
 * Live match fairness at 20, 200 and 1,000 simulated players (BENCH_LIVE_SIZES to change): one
 * live match on the local stack per size, each player a WebSocket client of the local gateway
 * subscribed to `match:<id>`, with its own clock skewed by up to ±3 s. After connecting, each
 * estimates its offset to the server's clock over the socket (clock-sync pings, the best of a
 * few: shared/tournaments/clock-sync.ts), then answers every question over HTTP at a random
 * moment of its window, counted from the moment it shows the question.
 *
 * Prints, per size: answers accepted vs stored vs counted in the scores (lost, counted twice),
 * when the fan-out's last receipt came relative to the announced open instant, and the spread
 * between players (max − min, p95 − p5) of the moment the question is shown, in true time:
 * before = shown on receipt; after = shown at the announced instant on the client's estimate of
 * the server's clock (at once if it arrived late). Both from the same receipts of one run.
 */
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 3680);
const SIZES = (process.env.BENCH_LIVE_SIZES ?? '20,200,1000').split(',').map(Number);
const QUESTIONS = 3;
/** Long enough that this 2-core machine's local stack takes every answer of 1,000 players inside it. */
const windowFor = (size: number) => Math.max(6000, size * 20);
/** Each simulated client's clock is off by up to this much, either way. */
const MAX_SKEW_MS = 3000;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-live-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { createQuickMatch, startMatch } = await import('../functions/tournaments/start-matches.ts');
const { answersOf, playersOfTournament, getTournament } = await import('../functions/tournaments/data/tournaments.ts');
const { QUESTION_LEAD_MS } = await import('../shared/tournaments/schedule.ts');
const { CLOCK_SAMPLES, estimateClockOffset } = await import('../shared/tournaments/clock-sync.ts');
const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);

interface Player {
  token: string;
  sub: string;
}

let made = 0;
async function premiumPlayer(): Promise<Player> {
  made += 1;
  const email = `bench-live-${made}-${Date.now()}@example.com`;
  const password = 'Bench#2026pass';
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
  const from = `127.0.${20 + Math.floor(made / 250)}.${(made % 250) + 1}`;
  let response = await postFrom(from, `${stack.url}/api/auth/sign-in`, { email, password });
  // A busy 2-core stack may refuse a sign-in now and then: again after a pause, up to three times.
  for (let attempt = 0; response.status !== 200 && attempt < 3; attempt++) {
    await new Promise((r) => setTimeout(r, 2000));
    response = await postFrom(from, `${stack.url}/api/auth/sign-in`, { email, password });
  }
  if (response.status !== 200) throw new Error(`sign-in ${response.status}: ${JSON.stringify(response.body)}`);
  const body = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
  await documentClient().send(
    new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: keys.profile(body.profile.user_id), UpdateExpression: 'SET subscription_status = :p', ExpressionAttributeValues: { ':p': 'premium' } }),
  );
  return { token: body.tokens.accessToken, sub: body.profile.user_id };
}

async function limited<T>(count: number, concurrency: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await run(i);
    }
  }));
  return results;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const spread = (values: number[]) => ({ range: Math.max(...values) - Math.min(...values), p95p5: percentile(values, 95) - percentile(values, 5) });

interface Receipt {
  question: number;
  /** True time (this process's clock) of the receipt. */
  receivedAt: number;
  /** True time at which the client would show it at the announced instant (its skewed clock mapped through its estimate). */
  shownAt: number;
  opensAt: number;
}

/** A simulated client: its own skewed clock, a socket, a clock-sync estimate over it, then subscribed. */
function connect(player: Player, topic: string, onMessage: (socket: WebSocket, message: { type: string; data?: unknown }, offsetMs: number, skewMs: number) => void) {
  const skewMs = (Math.random() * 2 - 1) * MAX_SKEW_MS;
  const clock = () => Date.now() + skewMs;
  return new Promise<{ socket: WebSocket; offsetMs: number; skewMs: number }>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws?token=${encodeURIComponent(player.token)}`);
    const samples: { sentAt: number; serverAt: number; receivedAt: number }[] = [];
    let offsetMs = 0;
    let pingTimer: NodeJS.Timeout | undefined;
    const ping = () => {
      socket.send(JSON.stringify({ action: 'ping', t: clock() }));
      // A ping lost to the gateway's frame budget: go on with the samples there are.
      pingTimer = setTimeout(subscribe, 1000);
    };
    const subscribe = () => {
      clearTimeout(pingTimer);
      offsetMs = estimateClockOffset(samples)?.offsetMs ?? 0;
      socket.send(JSON.stringify({ action: 'subscribe', topic }));
    };
    socket.on('error', reject);
    socket.on('open', ping);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; t?: number; server_time?: number; data?: unknown };
      if (message.type === 'pong' && typeof message.t === 'number' && typeof message.server_time === 'number') {
        clearTimeout(pingTimer);
        samples.push({ sentAt: message.t, serverAt: message.server_time, receivedAt: clock() });
        if (samples.length < CLOCK_SAMPLES) ping();
        else subscribe();
      } else if (message.type === 'subscribed') resolve({ socket, offsetMs, skewMs });
      else onMessage(socket, message, offsetMs, skewMs);
    });
  });
}

async function play(size: number, players: Player[]) {
  const windowMs = windowFor(size);
  const tournament = await createQuickMatch(
    { startAt: new Date(Date.now() + 60 * 60_000), questionCount: QUESTIONS, windowMs, gapMs: 2000, capacity: 1000, subject: 'geography', level: 'beginner' },
    new Date(),
  );
  const id = tournament.id;
  await limited(players.length, 10, async (i) => {
    const r = await fetch(`${stack.url}/api/tournaments/${id}/register`, { method: 'POST', headers: { authorization: `Bearer ${players[i]!.token}` } });
    if (r.status !== 201) throw new Error(`register ${r.status}`);
  });

  const receipts: Receipt[] = [];
  const offsetErrors: number[] = [];
  let accepted = 0;
  let refused = 0;
  let pending = 0;
  const finished = new Set<number>();
  const sockets = await limited(players.length, 20, async (i) => {
    const player = players[i]!;
    const connected = await connect(player, `match:${id}`, (_socket, message, offsetMs, skewMs) => {
      const receivedAt = Date.now();
      if (message.type === 'match.question-open' && message.data) {
        const { number, open_at, question } = message.data as { number: number; open_at: string; question: { options: string[] } };
        const opensAt = Date.parse(open_at);
        // The client waits until its clock reads the instant less its offset: in true time, that less its skew.
        const shownAt = Math.max(receivedAt, opensAt - offsetMs - skewMs);
        receipts.push({ question: number, receivedAt, shownAt, opensAt });
        pending += 1;
        setTimeout(async () => {
          try {
            const r = await fetch(`${stack.url}/api/tournaments/${id}/answers`, {
              method: 'POST',
              headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ question: number, answer: question.options[Math.floor(Math.random() * question.options.length)] }),
            });
            if (r.status === 202) accepted += 1;
            else refused += 1;
          } finally {
            pending -= 1;
          }
        }, shownAt - receivedAt + 50 + Math.random() * (windowMs * 0.6));
      } else if (message.type === 'match.finished') finished.add(i);
    });
    offsetErrors.push(Math.abs(connected.offsetMs + connected.skewMs));
    return connected.socket;
  });

  // The first open is handed the lead before the start: announced at once, opening at the start.
  const startAt = new Date(Date.now() + QUESTION_LEAD_MS);
  await documentClient().send(new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: keys.tournament(id), UpdateExpression: 'SET start_at = :at', ExpressionAttributeValues: { ':at': startAt.toISOString() } }));
  await startMatch({ id, start_at: startAt.toISOString() }, new Date());
  const deadline = Date.now() + QUESTIONS * (windowMs + 2000 + QUESTION_LEAD_MS) + 60_000;
  while (((await getTournament(id, true))?.match_status !== 'finished' || pending > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  // The finish is pushed after every player's own standing: wait for it (bounded).
  const finishBy = Date.now() + 20_000;
  while (finished.size < size && Date.now() < finishBy) await new Promise((r) => setTimeout(r, 250));

  let stored = 0;
  const pointsOf = new Map<string, number>();
  for (let n = 1; n <= QUESTIONS; n++) {
    const answers = await answersOf(id, n);
    stored += answers.length;
    for (const a of answers) pointsOf.set(a.user_id, (pointsOf.get(a.user_id) ?? 0) + a.points);
  }
  const scores = await playersOfTournament(id);
  const counted = scores.reduce((sum, p) => sum + p.answered, 0);
  const pointsMismatch = scores.filter((p) => (pointsOf.get(p.userId) ?? 0) !== p.score).length;
  // Closed and their $disconnect run before the next size (or the stack's stop).
  await Promise.all(sockets.map((s) => new Promise((resolve) => (s.once('close', resolve), s.close()))));
  await new Promise((r) => setTimeout(r, 2000));

  // Per question, the spread between players; the worst question is reported.
  const worst = { before: { range: 0, p95p5: 0 }, after: { range: 0, p95p5: 0 }, lastReceiptVsOpen: Number.NEGATIVE_INFINITY, fanOut: 0 };
  for (let n = 1; n <= QUESTIONS; n++) {
    const of = receipts.filter((r) => r.question === n);
    if (of.length === 0) continue;
    const before = spread(of.map((r) => r.receivedAt));
    const after = spread(of.map((r) => r.shownAt));
    worst.before = { range: Math.max(worst.before.range, before.range), p95p5: Math.max(worst.before.p95p5, before.p95p5) };
    worst.after = { range: Math.max(worst.after.range, after.range), p95p5: Math.max(worst.after.p95p5, after.p95p5) };
    worst.lastReceiptVsOpen = Math.max(worst.lastReceiptVsOpen, Math.max(...of.map((r) => r.receivedAt)) - of[0]!.opensAt);
    worst.fanOut = Math.max(worst.fanOut, before.range);
  }
  const lost = accepted - counted;
  console.log(
    `${size} players (window ${windowMs / 1000} s, lead ${QUESTION_LEAD_MS} ms): ${accepted} answers accepted (${refused} refused), ${stored} stored, ${counted} counted → lost ${lost}, counted twice ${Math.max(0, counted - stored)}, scores ≠ their answers' points: ${pointsMismatch}; ` +
      `${receipts.length} receipts of ${size * QUESTIONS}; fan-out (first to last receipt) ${worst.fanOut} ms, last receipt ${Math.round(-worst.lastReceiptVsOpen)} ms before the open instant; ` +
      `clock-sync error p95 ${Math.round(percentile(offsetErrors, 95))} ms (max ${Math.round(Math.max(...offsetErrors))}); ` +
      `spread of the moment shown, worst question: before (on receipt) ${worst.before.range} ms max−min, ${worst.before.p95p5} ms p95−p5 → after (at the instant) ${Math.round(worst.after.range)} ms, ${Math.round(worst.after.p95p5)} ms; ${finished.size} clients got match.finished`,
  );
  return lost === 0 && stored === counted && pointsMismatch === 0 && receipts.length === size * QUESTIONS && worst.after.range <= 150;
}

try {
  const largest = Math.max(...SIZES);
  const began = Date.now();
  const everyone = await limited(largest, 5, () => premiumPlayer());
  console.log(`${largest} players signed up in ${Math.round((Date.now() - began) / 1000)} s`);
  let ok = true;
  for (const size of SIZES) ok = (await play(size, everyone.slice(0, size))) && ok;
  if (!ok) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
