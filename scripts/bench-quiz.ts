import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localCognitoClient } from '../infra/local/cognito.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { postFrom } from '../tests/support/loopback-http.ts';

/**
 * Quiz budgets against the local stack:
 * 1. DynamoDB requests to start a round, for a user who has seen 0 and 5,000 questions
 *    (must be equal and fixed);
 * 2. 50 students playing full rounds at once through the HTTP API: errors, lost
 *    attempts and the p50/p95 latency of answer submission.
 */
const STUDENTS = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-quiz-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: 3500, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { keys } = await import('../functions/data/table-design.ts');

try {
  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  const password = 'Bench#2026pass';

  async function student(n: number): Promise<{ token: string; sub: string }> {
    const email = `bench-${n}-${Date.now()}@example.com`;
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
    // Through the API so the profile is made as for any user.
    // Each student from a loopback address of its own: the server counts attempts per connection address.
    const response = await postFrom(`127.0.${1 + Math.floor(n / 250)}.${(n % 250) + 1}`, `${stack.url}/api/auth/sign-in`, { email, password });
    const body = response.body as { tokens: { accessToken: string }; profile: { user_id: string } };
    return { token: body.tokens.accessToken, sub: body.profile.user_id };
  }

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, ms: performance.now() - started };
  };

  // 1. Requests per round start.
  let requests = 0;
  documentClient().middlewareStack.add((next) => async (args) => ((requests += 1), next(args)), { step: 'initialize', name: 'bench-count' });
  const [fresh, veteran] = await Promise.all([student(900), student(901)]);
  await documentClient().send(
    new UpdateCommand({
      TableName: stack.env.TABLE_NAME,
      Key: keys.seen(veteran.sub, 'geography', 'beginner'),
      UpdateExpression: 'ADD seen :s',
      ExpressionAttributeValues: { ':s': new Set(Array.from({ length: 5000 }, (_, i) => i)) },
    }),
  );
  await call(fresh.token, 'POST', '/api/quiz/rounds', { subject: 'geography', level: 'beginner' }); // warm caches
  const counted = async (token: string) => {
    requests = 0;
    await call(token, 'POST', '/api/quiz/rounds', { subject: 'geography', level: 'beginner' });
    return requests;
  };
  const forFresh = await counted(fresh.token);
  const forVeteran = await counted(veteran.token);
  documentClient().middlewareStack.remove('bench-count');
  console.log(`start round: ${forFresh} DynamoDB requests with 0 questions seen, ${forVeteran} with 5,000 seen`);

  // 2. Fifty students at once.
  const players = await Promise.all(Array.from({ length: STUDENTS }, (_, n) => student(n)));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    players.map(async ({ token }) => {
      const round = await call(token, 'POST', '/api/quiz/rounds', { subject: 'geography', level: 'beginner' });
      if (round.status !== 201) return void (errors += 1);
      for (const q of round.body.questions as { id: string; options: string[] }[]) {
        const answer = await call(token, 'POST', `/api/quiz/rounds/${String(round.body.roundId)}/answers`, { questionId: q.id, answer: q.options[0] });
        latencies.push(answer.ms);
        if (answer.status !== 200) errors += 1;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  await stack.bus.drain();

  let attempts = 0;
  let progressed = 0;
  for (const { sub } of players) {
    const { Count } = await documentClient().send(
      new QueryCommand({ TableName: stack.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':p': 'ATTEMPT#' }, Select: 'COUNT' }),
    );
    attempts += Count ?? 0;
    const { Items } = await documentClient().send(
      new QueryCommand({ TableName: stack.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':sk': 'PROGRESS#geography#beginner' } }),
    );
    if (Number(Items?.[0]?.quizzes ?? 0) === 1) progressed += 1;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
  console.log(`${STUDENTS} students, ${latencies.length} answers in ${wall.toFixed(1)} s: ${errors} errors, ${attempts}/${STUDENTS} attempts recorded, ${progressed}/${STUDENTS} progress rows updated`);
  console.log(`answer submission latency: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  if (errors || attempts !== STUDENTS || progressed !== STUDENTS || forFresh !== forVeteran) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
