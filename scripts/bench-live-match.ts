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
 * Live match budget: N simulated players (100, then 20) in
 * one live match on the local stack, each a WebSocket client of the local gateway subscribed
 * to `match:<id>`, answering every question over HTTP at a random moment of its window.
 * Prints, per size: answers the server accepted vs. stored vs. counted in the scores (0 lost,
 * 0 counted twice), and the fan-out latency p50/p95 from the server's open instant to each
 * client's receipt of `match.question-open`.
 */
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 3680);
const QUESTIONS = 3;
const WINDOW_MS = 6000;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-live-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { createQuickMatch, startMatch } = await import('../functions/tournaments/start-matches.ts');
const { answersOf, playersOfTournament, getTournament } = await import('../functions/tournaments/data/tournaments.ts');
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
  const response = await postFrom(`127.0.${20 + Math.floor(made / 250)}.${(made % 250) + 1}`, `${stack.url}/api/auth/sign-in`, { email, password });
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

async function play(size: number, players: Player[]) {
  const tournament = await createQuickMatch(
    { startAt: new Date(Date.now() + 60 * 60_000), questionCount: QUESTIONS, windowMs: WINDOW_MS, gapMs: 2000, capacity: 1000, subject: 'geography', level: 'beginner' },
    new Date(),
  );
  const id = tournament.id;
  await limited(players.length, 10, async (i) => {
    const r = await fetch(`${stack.url}/api/tournaments/${id}/register`, { method: 'POST', headers: { authorization: `Bearer ${players[i]!.token}` } });
    if (r.status !== 201) throw new Error(`register ${r.status}`);
  });

  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  const finished = new Set<number>();
  const sockets = await limited(players.length, 20, (i) =>
    new Promise<WebSocket>((resolve, reject) => {
      const player = players[i]!;
      const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws?token=${encodeURIComponent(player.token)}`);
      socket.on('error', reject);
      socket.on('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic: `match:${id}` })));
      socket.on('message', (raw) => {
        const received = Date.now();
        const message = JSON.parse(String(raw)) as { type: string; topic?: string; data?: { number: number; open_at: string; question: { options: string[] } } };
        if (message.type === 'subscribed') resolve(socket);
        else if (message.type === 'match.question-open' && message.data) {
          latencies.push(received - Date.parse(message.data.open_at));
          const { number, question } = message.data;
          setTimeout(async () => {
            const r = await fetch(`${stack.url}/api/tournaments/${id}/answers`, {
              method: 'POST',
              headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ question: number, answer: question.options[Math.floor(Math.random() * question.options.length)] }),
            });
            if (r.status === 202) accepted += 1;
            else refused += 1;
          }, Math.random() * (WINDOW_MS - 1500));
        } else if (message.type === 'match.finished') finished.add(i);
      });
    }),
  );

  // Start now: the first step (in the stack, through its step queue) opens question 1 at once.
  const startAt = new Date();
  await documentClient().send(new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key: keys.tournament(id), UpdateExpression: 'SET start_at = :now', ExpressionAttributeValues: { ':now': startAt.toISOString() } }));
  await startMatch({ id, start_at: startAt.toISOString() }, startAt);
  const deadline = Date.now() + QUESTIONS * (WINDOW_MS + 2000) + 30_000;
  while ((await getTournament(id, true))?.match_status !== 'finished' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 500));

  let stored = 0;
  for (let n = 1; n <= QUESTIONS; n++) stored += (await answersOf(id, n)).length;
  const scores = await playersOfTournament(id);
  const counted = scores.reduce((sum, p) => sum + p.answered, 0);
  let pointsMismatch = 0;
  for (const p of scores) {
    let points = 0;
    for (let n = 1; n <= QUESTIONS; n++) points += (await answersOf(id, n)).find((a) => a.user_id === p.userId)?.points ?? 0;
    if (points !== p.score) pointsMismatch += 1;
  }
  for (const s of sockets) s.close();
  console.log(
    `${size} players: ${accepted} answers accepted (${refused} refused), ${stored} stored, ${counted} counted in scores → lost ${accepted - counted}, counted twice ${Math.max(0, counted - stored)}, scores ≠ their answers' points: ${pointsMismatch}; ` +
      `question-open fan-out (${latencies.length} receipts of ${size * QUESTIONS}): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms; ${finished.size} clients got match.finished`,
  );
  return accepted === counted && stored === counted && pointsMismatch === 0 && latencies.length === size * QUESTIONS;
}

try {
  const everyone = await limited(100, 5, () => premiumPlayer());
  const ok100 = await play(100, everyone);
  const ok20 = await play(20, everyone.slice(0, 20));
  if (!ok100 || !ok20) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
