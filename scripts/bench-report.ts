import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { SUBJECTS } from '#shared/constants.ts';
import { startLocalStack } from '../infra/local/stack.ts';
import { httpEvent } from '../tests/support/http-event.ts';

/**
 * Progress report budget: the DynamoDB requests, read
 * capacity and time of one GET /api/progress-report for a player with 10 and with 2,000
 * attempts spread over the last 120 days, for each period (7, 30, 90 days). The handler
 * runs in process against DynamoDB Local; requests and capacity are counted on its client.
 */
const PORT = Number(process.env.BENCH_REPORT_PORT ?? 3710);
const RUNS = 7;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-report-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { putItems } = await import('../functions/data/batch-write.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { newProfile, putProfile } = await import('../functions/profile/data/profiles.ts');
const { handler } = await import('../functions/reports/get-report.ts');

const meter = { on: false, requests: 0, capacity: 0 };
documentClient().middlewareStack.add(
  (next) => async (args) => {
    if (!meter.on) return next(args);
    meter.requests += 1;
    (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    for (const c of [(result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity ?? []].flat()) meter.capacity += c.CapacityUnits ?? 0;
    return result;
  },
  { step: 'initialize', name: 'bench-report-meter' },
);

const DAY = 86_400_000;
async function playerWith(attempts: number): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  await putProfile({ ...newProfile({ userId, email: `bench-${userId.slice(0, 8)}@example.com`, now }), subscription_status: 'premium' });
  const items = Array.from({ length: attempts }, (_, i) => {
    const completedAt = new Date(now.getTime() - ((i * 120 * DAY) / attempts) - 1000).toISOString();
    return { ...keys.attempt(userId, completedAt, randomUUID()), type: 'attempt', attemptId: randomUUID(), user_id: userId, subject: SUBJECTS[i % 3], level: 'beginner', mode: 'practice', score: 4 + (i % 7), total_questions: 10, time_spent: 45_000 + (i % 50) * 1000, response_time: 4500, points: 40, completed_at: completedAt, created_at: completedAt };
  });
  await putItems(items);
  return userId;
}

async function measure(userId: string, days: number) {
  const times: number[] = [];
  let last = { requests: 0, capacity: 0, quizzes: 0 };
  for (let run = 0; run < RUNS; run++) {
    Object.assign(meter, { on: true, requests: 0, capacity: 0 });
    const started = performance.now();
    const result = await handler(httpEvent({ sub: userId, query: { days: String(days) } }));
    times.push(performance.now() - started);
    meter.on = false;
    if (result.statusCode !== 200) throw new Error(`report answered ${result.statusCode}`);
    last = { requests: meter.requests, capacity: meter.capacity, quizzes: (JSON.parse(String(result.body)) as { report: { totalQuizzes: number } }).report.totalQuizzes };
  }
  times.sort((a, b) => a - b);
  return { ...last, median: times[Math.floor(RUNS / 2)]!, max: times.at(-1)! };
}

try {
  const players = { 10: await playerWith(10), 2000: await playerWith(2000) };
  for (const days of [7, 30, 90]) {
    for (const [attempts, userId] of Object.entries(players)) {
      const m = await measure(userId, days);
      console.log(
        `progress report, ${days} days, player with ${attempts} attempts (${m.quizzes} in period): ${m.requests} DynamoDB requests (incl. the caller's profile), ${m.capacity.toFixed(1)} RCU, median ${m.median.toFixed(0)} ms, max ${m.max.toFixed(0)} ms (${RUNS} runs, DynamoDB Local)`,
      );
    }
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
