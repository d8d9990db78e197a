import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from '../infra/local/cognito.ts';
import { DELIVERIES_AT_ONCE } from '../infra/local/event-bus.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { postFrom } from '../tests/support/loopback-http.ts';

/**
 * A class at once on the local stack (docs/benchmarks.md): DynamoDB requests per answer request
 * (by command), then the answer latency p50/p95 and requests/s for 1, 35 and 200 students
 * answering full rounds at the same time. The target: 35 at once with p95 ≤ 500 ms.
 * BENCH_CLASS_DISK=1 stores DynamoDB Local's data on disk as `npm start` does (default: in memory).
 */
const SIZES = (process.env.BENCH_CLASS_SIZES ?? '1,35,200').split(',').map(Number);
/** The budget (issue 22): a class of 35 answering at once, answer p95 ≤ 500 ms. */
const CLASS = 35;
const CLASS_P95_BUDGET_MS = 500;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-class-'));
process.env.LOG_LEVEL = 'silent';
// The bus bounded as `npm start` bounds it (infra/local/event-bus.ts); BENCH_CLASS_DELIVERIES=0 leaves it unbounded, as before.
const deliveries = Number(process.env.BENCH_CLASS_DELIVERIES ?? DELIVERIES_AT_ONCE);
const stack = await startLocalStack({
  port: 3000 + Math.floor(Math.random() * 20) * 10 + 3600,
  dataDir,
  inMemory: process.env.BENCH_CLASS_DISK !== '1',
  ...(deliveries > 0 ? { consumerDeliveriesAtOnce: deliveries } : {}),
});
const { documentClient } = await import('../functions/lib/clients.ts');
const { requireCaller, requireCallerWith } = await import('../functions/lib/caller.ts');
const { getRound, roundKey, roundOf } = await import('../functions/quiz/data/rounds.ts');
const { currentInvocation } = await import('../functions/lib/invocation.ts');
// The per-minute jobs (live tournaments, reminders) are not the class's work: stopped, as the student-day bench does.
await stack.scheduler.stop();

type Student = { token: string; sub: string };

/** CPU seconds so far of this process (the API, its consumers and the bench's own client) and of the DynamoDB Local JVM. */
const jvm = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,comm='], { encoding: 'utf8' })
  .split('\n')
  .map((line) => line.trim().split(/\s+/))
  .find(([, comm]) => comm === 'java')?.[0];
function cpuSeconds(): { api: number; dynamodb: number } {
  const { user, system } = process.cpuUsage();
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
  const stat = jvm ? readFileSync(`/proc/${jvm}/stat`, 'utf8').split(') ')[1]!.split(' ') : [];
  return { api: (user + system) / 1e6, dynamodb: jvm ? (Number(stat[11]) + Number(stat[12])) / 100 : Number.NaN };
}
const cpuSplit = (from: { api: number; dynamodb: number }, wall: number) => {
  const now = cpuSeconds();
  return `CPU: API process ${(((now.api - from.api) / wall) * 100).toFixed(0)} % of a core, DynamoDB Local ${(((now.dynamodb - from.dynamodb) / wall) * 100).toFixed(0)} %`;
};

try {
  const cognito = localCognitoClient(stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
  const password = 'Bench#2026pass';
  const stamp = Date.now();

  async function student(n: number): Promise<Student> {
    const email = `class-${n}-${stamp}@example.com`;
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: email, Password: password, Permanent: true }));
    // A loopback address each: the server limits sign-in attempts per address.
    const signIn = () => postFrom(`127.0.${1 + Math.floor(n / 250)}.${(n % 250) + 1}`, `${stack.url}/api/auth/sign-in`, { email, password });
    let response = await signIn();
    // The stage lets 25 sign-ins a second through after a burst of 100 (functions/throttle.ts): a class of 200 waits its turn.
    while (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await signIn();
    }
    const body = response.body as { tokens?: { accessToken: string }; profile: { user_id: string } };
    if (!body.tokens) throw new Error(`student ${n} could not sign in: ${response.status} ${JSON.stringify(response.body)}`);
    return { token: body.tokens.accessToken, sub: body.profile.user_id };
  }
  // Signed in a few at a time: sign-in is not what is measured.
  async function students(from: number, count: number): Promise<Student[]> {
    const made: Student[] = [];
    for (let i = 0; i < count; i += 10) made.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, k) => student(from + i + k)))));
    return made;
  }

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, ms: performance.now() - started };
  };
  const startRound = (token: string) => call(token, 'POST', '/api/quiz/rounds', { subject: 'geography', level: 'beginner' });
  const answerPath = (roundId: unknown) => `/api/quiz/rounds/${String(roundId)}/answers`;

  // 1. DynamoDB requests per answer request (not the last, which finishes the round), by command.
  const counts = new Map<string, number>();
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      counts.set(context.commandName ?? '?', (counts.get(context.commandName ?? '?') ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'bench-class-count' },
  );
  let requests = 0;
  // How long each of the answer's own DynamoDB requests took, by command (where a slow answer waits).
  const answerCommandMs = new Map<string, number[]>();
  // Which function made each request (the answer, or a consumer of the finished round), for the load runs.
  const byFunction = new Map<string, number>();
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      requests += 1;
      const key = `${currentInvocation()?.functionName ?? 'bench'} ${(context.commandName ?? '?').replace('Command', '')}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
      const started = performance.now();
      const output = await next(args);
      if (key.startsWith('AnswerQuestion')) (answerCommandMs.get(key) ?? answerCommandMs.set(key, []).get(key)!).push(performance.now() - started);
      return output;
    },
    { step: 'initialize', name: 'bench-class-all' },
  );
  const [alone] = await students(1000, 1);
  const warm = await startRound(alone!.token);
  const questions = warm.body.questions as { id: string; options: string[] }[];
  await call(alone!.token, 'POST', answerPath(warm.body.roundId), { questionId: questions[0]!.id, answer: questions[0]!.options[0] });
  counts.clear();
  const measured = questions.length - 2;
  for (const q of questions.slice(1, -1)) await call(alone!.token, 'POST', answerPath(warm.body.roundId), { questionId: q.id, answer: q.options[0] });
  documentClient().middlewareStack.remove('bench-class-count');
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const byCommand = [...counts].map(([name, n]) => `${name.replace('Command', '')} ${(n / measured).toFixed(1)}`).join(', ');
  console.log(`answer request: ${(total / measured).toFixed(1)} DynamoDB requests (${byCommand})`);

  // The answer's reads before (the caller's records, then the round) and after (one BatchGet), in-process, alternated.
  const claims = { sub: alone!.sub, token_use: 'access', iat: Math.floor(Date.now() / 1000) };
  const event = { requestContext: { authorizer: { jwt: { claims } } } } as unknown as Parameters<typeof requireCaller>[0];
  const roundId = String(warm.body.roundId);
  const timed = { apart: [] as number[], together: [] as number[] };
  const reads = { apart: 0, together: 0 };
  for (let i = 0; i < 200; i++) {
    let at = performance.now();
    let before = requests;
    const profile = await requireCaller(event);
    await getRound(profile.user_id, roundId);
    timed.apart.push(performance.now() - at);
    reads.apart += requests - before;
    at = performance.now();
    before = requests;
    const { items } = await requireCallerWith(event, (userId) => [roundKey(userId, roundId)]);
    if (!roundOf(items[0])) throw new Error('round not read');
    timed.together.push(performance.now() - at);
    reads.together += requests - before;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `caller + round reads: ${reads.apart / 200} requests, p50 ${median(timed.apart).toFixed(1)} ms apart → ${reads.together / 200}, p50 ${median(timed.together).toFixed(1)} ms together (×${(median(timed.apart) / median(timed.together)).toFixed(2)} faster)`,
  );

  // 2. N students answering full rounds at once.
  let next = 0;
  for (const size of SIZES) {
    const players = await students(next, size);
    next += size;
    const rounds = await Promise.all(players.map((p) => startRound(p.token)));
    const latencies: number[] = [];
    const notLast: number[] = [];
    let errors = 0;
    const startRequests = requests;
    byFunction.clear();
    answerCommandMs.clear();
    const cpuFrom = cpuSeconds();
    const started = performance.now();
    await Promise.all(
      players.map(async ({ token }, i) => {
        const round = rounds[i]!;
        if (round.status !== 201) return void (errors += 1);
        for (const q of round.body.questions as { id: string; options: string[] }[]) {
          const answer = await call(token, 'POST', answerPath(round.body.roundId), { questionId: q.id, answer: q.options[0] });
          latencies.push(answer.ms);
          if (!answer.body.finished) notLast.push(answer.ms);
          if (answer.status !== 200) errors += 1;
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    const cpu = cpuSplit(cpuFrom, wall);
    const answered = performance.now();
    await stack.bus.drain();
    // The local bus runs a few consumer deliveries at a time (infra/local/event-bus.ts): how far they lagged the class.
    const lag = (performance.now() - answered) / 1000;
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(0);
    // The finished rounds' consumers (progress, streaks, boards, feed, counters…) share DynamoDB Local with the answers.
    const perAnswer = (requests - startRequests) / latencies.length;
    console.log(
      `${size} at once: ${latencies.length} answers in ${wall.toFixed(1)} s (${(latencies.length / wall).toFixed(0)} requests/s), p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms` +
        ` (p95 ${pct(notLast, 95)} ms without the rounds' last answers), ${perAnswer.toFixed(1)} DynamoDB requests an answer with the consumers (caught up ${lag.toFixed(1)} s after the last answer), ${errors} errors`,
    );
    const rows = [...byFunction].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${key} ${(n / latencies.length).toFixed(2)}`);
    console.log(`  ${cpu}; DynamoDB requests an answer by function and command: ${rows.join(', ')}`);
    const waits = [...answerCommandMs].map(([key, ms]) => `${key.replace('AnswerQuestion ', '')} ×${ms.length} p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms`);
    console.log(`  the answer's own DynamoDB requests: ${waits.join('; ')}`);
    if (errors) process.exitCode = 1;
    if (size === CLASS && Number(pct(latencies, 95)) > CLASS_P95_BUDGET_MS) {
      console.log(`  over budget: a class of ${CLASS} answering at once must see p95 ≤ ${CLASS_P95_BUDGET_MS} ms`);
      process.exitCode = 1;
    }
  }

  // 3. A class in step, as a teacher runs it: everyone answers question 1 at the same moment, then
  // question 2 once all have answered, and so on (the runs above give each student no pause at all).
  for (const size of (process.env.BENCH_CLASS_IN_STEP ?? '35').split(',').filter(Boolean).map(Number)) {
    const players = await students(next, size);
    next += size;
    const rounds = await Promise.all(players.map((p) => startRound(p.token)));
    if (rounds.some((r) => r.status !== 201)) throw new Error('a round did not start');
    const latencies: number[] = [];
    const lastQuestion: number[] = [];
    let errors = 0;
    const cpuFrom = cpuSeconds();
    const started = performance.now();
    const count = (rounds[0]!.body.questions as unknown[]).length;
    for (let n = 0; n < count; n++) {
      await Promise.all(
        players.map(async ({ token }, i) => {
          const q = (rounds[i]!.body.questions as { id: string; options: string[] }[])[n]!;
          const answer = await call(token, 'POST', answerPath(rounds[i]!.body.roundId), { questionId: q.id, answer: q.options[0] });
          latencies.push(answer.ms);
          if (n === count - 1) lastQuestion.push(answer.ms);
          if (answer.status !== 200) errors += 1;
        }),
      );
    }
    const wall = (performance.now() - started) / 1000;
    const cpu = cpuSplit(cpuFrom, wall);
    await stack.bus.drain();
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(0);
    console.log(
      `${size} in step: ${latencies.length} answers in ${wall.toFixed(1)} s, p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms (the last question, which finishes the rounds: p95 ${pct(lastQuestion, 95)} ms), ${errors} errors; ${cpu}`,
    );
    if (errors) process.exitCode = 1;
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
