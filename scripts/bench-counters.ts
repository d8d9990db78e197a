import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * Hot keys (sharded counters, docs/architecture.md): 1,000 rounds finished in one minute, through the two consumers
 * that count them (update-progress: the landing page's counters; aggregate-admin-stats: the
 * admin overview's totals and day), on the local stack. Every write to a counter item is
 * recorded by key; the writes per item per second are the hottest shard's writes over the
 * minute, against the writes all shards took together (what the single item took before).
 */
const ROUNDS = 1000;
const MINUTE_S = 60;
const AT_ONCE = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-counters-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: 3700 + Math.floor(Math.random() * 50) * 2, dataDir, inMemory: true });
const { documentClient } = await import('../functions/lib/clients.ts');
const { COUNTER_SHARDS } = await import('../shared/counter-shards.ts');
const { handler: updateProgress } = await import('../functions/quiz/update-progress.ts');
const { handler: aggregate } = await import('../functions/admin/aggregate-stats.ts');
const { readLandingCounts } = await import('../functions/system/data/global-stats.ts');

type Key = { pk: string; sk: string };
type Marshalled = Record<string, { S?: string } | string>;
const text = (value: { S?: string } | string | undefined) => (typeof value === 'string' ? value : (value?.S ?? ''));
const unmarshalled = (key: Marshalled | undefined): Key | undefined => (key ? { pk: text(key.pk), sk: text(key.sk) } : undefined);
/** The counter a key belongs to (all its shards), or undefined for any other item. */
function counterOf(key: Key): string | undefined {
  if (key.sk === 'GLOBAL') return 'landing counters (STATS/GLOBAL)';
  if (key.sk === 'TOTALS') return 'admin totals (ADMINSTATS/TOTALS)';
  if (key.sk.startsWith('DAY#')) return "admin day (ADMINSTATS/DAY#<today>)";
  return undefined;
}

try {
  const writes = new Map<string, Map<string, number>>();
  const record = (key: Key | undefined) => {
    const counter = key && counterOf(key);
    if (!counter || !key) return;
    const items = writes.get(counter) ?? new Map<string, number>();
    items.set(key.pk, (items.get(key.pk) ?? 0) + 1);
    writes.set(counter, items);
  };
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      // Counted once written (a cancelled transaction threw and wrote nothing). The document
      // client's middleware sees DynamoDB's own commands, keys marshalled ({ S: … }).
      const input = args.input as { Key?: Marshalled; TransactItems?: { Update?: { Key?: Marshalled } }[] };
      if (context.commandName === 'UpdateItemCommand') record(unmarshalled(input.Key));
      if (context.commandName === 'TransactWriteItemsCommand') for (const item of input.TransactItems ?? []) record(unmarshalled(item.Update?.Key));
      return result;
    },
    { step: 'initialize', name: 'bench-counters' },
  );

  const users = Array.from({ length: 200 }, () => randomUUID());
  const completedAt = new Date().toISOString();
  const events = Array.from({ length: ROUNDS }, (_, i) => ({
    version: '0', id: randomUUID(), 'detail-type': 'QuizCompleted', source: 'quizquest', account: '000000000000', time: completedAt, region: 'us-east-1', resources: [],
    detail: { attemptId: randomUUID(), userId: users[i % users.length]!, subject: 'geography', level: 'beginner', mode: 'practice', score: i % 11, total: 10, points: 10 * (i % 11), timeSpentMs: 60_000, completedAt, timeZone: 'UTC', topics: [] },
  }));
  const started = performance.now();
  for (let i = 0; i < events.length; i += AT_ONCE) {
    await Promise.all(events.slice(i, i + AT_ONCE).flatMap((event) => [updateProgress(event), aggregate(event)]));
  }
  const seconds = (performance.now() - started) / 1000;
  // A redelivery of every tenth round changes nothing (the guards still hold on the shards).
  await Promise.all(events.filter((_, i) => i % 10 === 0).flatMap((event) => [updateProgress({ ...event, id: randomUUID() }), aggregate(event)]));
  const shown = await readLandingCounts();

  console.log(`${ROUNDS} rounds (as in one minute: ${(ROUNDS / MINUTE_S).toFixed(1)} rounds/s), counted in ${seconds.toFixed(1)} s on the local stack, ${COUNTER_SHARDS} shards a counter; landing reads ${shown.quizzes} quizzes`);
  for (const [counter, items] of writes) {
    const all = [...items.values()].reduce((a, b) => a + b, 0);
    const hottest = Math.max(...items.values());
    console.log(
      `${counter}: single item ${(all / MINUTE_S).toFixed(1)} writes/item/s → sharded ${(hottest / MINUTE_S).toFixed(1)} on the hottest of ${items.size} items (×${(all / hottest).toFixed(1)} less)`,
    );
  }
  if (shown.quizzes !== ROUNDS) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
