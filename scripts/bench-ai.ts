import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * The AI layer's figures, with the embedded provider against
 * DynamoDB Local: seeding the knowledge base (first start, then a restart), the retrieval
 * quality on the fixed bank questions, and search latency and read cost with 1,000 and with
 * 20,000 chunks in one subject: the first search of a container (reading the subject's
 * partition and building the index) and then warm searches (the version check only).
 */
const PORT = Number(process.env.BENCH_AI_PORT ?? 4400);
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-ai-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true, seed: false });
const { documentClient } = await import('../functions/lib/clients.ts');
const { seedKnowledgeBase } = await import('../functions/knowledge/seed.ts');
const { chunkSearch, embedder } = await import('../functions/ai/index.ts');
const { createKnowledgeBase } = await import('../functions/ai/knowledge-base.ts');
const { measureRetrieval } = await import('../functions/knowledge/retrieval-quality.ts');
const { bumpVersion, chunkKey, putChunks, readScope } = await import('../functions/knowledge/data/knowledge.ts');

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
  { step: 'initialize', name: 'bench-ai-meter' },
);

const ms = (t: number) => `${t.toFixed(0)} ms`;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

try {
  let t = performance.now();
  const first = await seedKnowledgeBase();
  say(`Seeding, first start: ${ms(performance.now() - t)} (${first.total} chunks embedded and written)`);
  t = performance.now();
  const again = await seedKnowledgeBase();
  say(`Seeding, restart (stamp unchanged): ${ms(performance.now() - t)} (skipped: ${again.skipped})`);

  const quality = await measureRetrieval(chunkSearch());
  say(
    `Retrieval quality: ${quality.hits}/${quality.cases} = ${(quality.rate * 100).toFixed(1)} % right country or topic in the top 3 ` +
      `(${Object.entries(quality.bySubject).map(([s, b]) => `${s} ${b.hits}/${b.cases}`).join(', ')}); mean search ${quality.meanMs.toFixed(1)} ms`,
  );

  // Grow the geography partition to 1,000 and then 20,000 chunks: copies of its real chunks
  // (text and vector) under new keys, as admins' documents would add them.
  const model = (await embedder()).id;
  const base = await readScope('geography');
  const queries = ['What is the capital of Peru?', 'Which countries border Austria?', 'What currency does Kenya use?', 'Which languages are spoken in Belgium?', 'How large is Mongolia?'];
  for (const target of [1000, 20000]) {
    const have = (await readScope('geography')).length;
    const copies = Array.from({ length: Math.max(0, target - have) }, (_, i) => {
      const source = base[i % base.length]!;
      return { ...source, chunkKey: chunkKey('document', `bench-${target}-${i}`, 0), sourceKind: 'document' as const, sourceId: `bench-${target}-${i}`, title: `${source.title} (copy ${i})`, model };
    });
    await putChunks(copies);
    await bumpVersion('geography');
    for (const hybrid of [true, false]) {
      const kb = createKnowledgeBase({ embedder, hybrid });
      meter.on = true;
      meter.requests = 0;
      meter.capacity = 0;
      t = performance.now();
      await kb.searchChunks({ query: queries[0]!, subject: 'geography' });
      const cold = performance.now() - t;
      const coldReads = { requests: meter.requests, capacity: meter.capacity };
      meter.requests = 0;
      meter.capacity = 0;
      const warm: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        t = performance.now();
        await kb.searchChunks({ query: queries[i % queries.length]!, subject: 'geography' });
        warm.push(performance.now() - t);
      }
      meter.on = false;
      warm.sort((a, b) => a - b);
      say(
        `${target.toLocaleString('en-GB')} chunks, ${hybrid ? 'embedded (cosine + BM25)' : 'vectors only (as with Bedrock)'}: ` +
          `first search ${ms(cold)} (${coldReads.requests} requests, ${coldReads.capacity.toFixed(1)} RCU), ` +
          `warm p50 ${ms(warm[12]!)} p95 ${ms(warm[23]!)} (${(meter.requests / 25).toFixed(0)} request, ${(meter.capacity / 25).toFixed(1)} RCU per search)`,
      );
    }
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
