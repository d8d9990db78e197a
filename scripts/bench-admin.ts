import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBJECTS } from '#shared/constants.ts';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * The admin overview's cost against the local stack: DynamoDB requests (and
 * items read) of GET /api/admin/overview through the HTTP API, with 10 users and with
 * 10,000 users who each played a quiz. The figures must be equal: the overview reads the
 * counters the aggregate-admin-stats consumer keeps, never the users or their attempts.
 */
const SIZES = [10, 10_000];
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-admin-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: 5100, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { putItems } = await import('../functions/data/batch-write.ts');
const { newProfile } = await import('../functions/profile/data/profiles.ts');
const { keys } = await import('../functions/data/table-design.ts');
const { handler: aggregate } = await import('../functions/admin/aggregate-stats.ts');

/** An event as the bus hands it to the consumer. */
const envelope = (name: string, detail: unknown) => ({ version: '0', id: randomUUID(), 'detail-type': name, source: 'quizquest', account: '0', time: new Date().toISOString(), region: 'us-east-1', resources: [], detail });

/** `count` students made as sign-up makes them (profile, AccountConfirmed), each with one quiz (QuizCompleted). */
async function addStudents(count: number, offset: number): Promise<void> {
  const now = new Date();
  const people = Array.from({ length: count }, (_, i) => newProfile({ userId: randomUUID(), email: `bench-admin-${offset + i}@example.com`, now }));
  await putItems(people.map((p) => ({ ...keys.profile(p.user_id), ...keys.profileByEmail(p.email), ...keys.profileByRole(p.role, p.email), type: 'profile', ...p })));
  const CONCURRENCY = 16;
  for (let i = 0; i < people.length; i += CONCURRENCY) {
    await Promise.all(
      people.slice(i, i + CONCURRENCY).map(async (p, j) => {
        await aggregate(envelope('AccountConfirmed', { userId: p.user_id, email: p.email }) as never);
        const n = offset + i + j;
        await aggregate(
          envelope('QuizCompleted', {
            attemptId: randomUUID(), userId: p.user_id, subject: SUBJECTS[n % 3], level: 'beginner', mode: 'practice',
            score: n % 11, total: 10, points: 10, timeSpentMs: 60_000 + (n % 60) * 1000,
            completedAt: new Date().toISOString(), timeZone: 'UTC', topics: [],
          }) as never,
        );
      }),
    );
  }
}

try {
  const signIn = await fetch(`${stack.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@quizquest.local', password: 'Admin#2026' }) });
  const token = ((await signIn.json()) as { tokens: { accessToken: string } }).tokens.accessToken;

  let requests = 0;
  const commands: string[] = [];
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      requests += 1;
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'bench-count' },
  );

  const results: { users: number; requests: number; commands: string; ms: number; totalUsers: number; totalQuizzes: number }[] = [];
  let made = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await addStudents(size - made, made);
    made = size;
    console.log(`seeded ${size.toLocaleString('en-US')} students with a quiz each in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await fetch(`${stack.url}/api/admin/overview`, { headers: { authorization: `Bearer ${token}` } }); // warm
    requests = 0;
    commands.length = 0;
    const t0 = performance.now();
    const response = await fetch(`${stack.url}/api/admin/overview`, { headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    const body = (await response.json()) as { stats: { totalUsers: number; totalQuizzes: number } };
    results.push({ users: size, requests, commands: commands.join(', '), ms, totalUsers: body.stats.totalUsers, totalQuizzes: body.stats.totalQuizzes });
  }
  documentClient().middlewareStack.remove('bench-count');

  for (const r of results) {
    console.log(
      `admin overview with ${r.users.toLocaleString('en-US')} users: ${r.requests} DynamoDB requests (${r.commands}), ${r.ms.toFixed(0)} ms; shows ${r.totalUsers.toLocaleString('en-US')} users (4 demo accounts + students), ${r.totalQuizzes.toLocaleString('en-US')} quizzes`,
    );
  }
  const flat = results.every((r) => r.requests === results[0]!.requests);
  const counted = results.every((r) => r.totalUsers === r.users + 4 && r.totalQuizzes === r.users);
  console.log(flat ? 'flat: the same requests whatever the number of users' : 'NOT FLAT');
  if (!flat || !counted) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
