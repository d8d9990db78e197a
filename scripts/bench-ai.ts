import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { startLocalStack } from '../infra/local/stack.ts';

/**
 * The AI layer's figures, with the embedded provider against DynamoDB Local and the emulated S3
 * (docs/benchmarks.md): seeding the knowledge base (first start, then a restart), the retrieval
 * quality on the fixed bank questions, and, with 1,000, 20,000 and 100,000 chunks in one subject,
 * the knowledge index (docs/ai.md, "Search") against the exact search it replaced, in the same run:
 * - before (exact): the first search of a container (reading the subject's partition and building
 *   the matrix and the keyword index) and warm searches (the version check only);
 * - after (index): the index build (read from the table, k-means, postings, written to S3), the
 *   first search of a fresh knowledge base in this process (manifest, centroids, the lists and
 *   postings it needs read from S3) and warm searches (once the lists read in the background are in), with recall@10
 *   against the exact search on the geography quality questions;
 * - one search in a new process (scripts/bench-ai-fresh-search.ts: the modules and the embedder
 *   loaded too, as a Lambda container's first);
 * - the time to add one document (three passages) to the index at that size (the embed-document
 *   consumer's update: docs/ai.md, "Search"), and that a fresh search finds it.
 * Every figure is printed with the machine's load average (/proc/loadavg: 1, 5, 15 minutes).
 * BENCH_AI_SIZES (e.g. "1000,20000") measures fewer sizes; BENCH_AI_EXACT=0 skips the exact
 * search (before, and recall@10 against it: ~8 minutes at 100,000) while iterating.
 */
const PORT = Number(process.env.BENCH_AI_PORT ?? 4400);
const SIZES = (process.env.BENCH_AI_SIZES ?? '1000,20000,100000').split(',').map(Number);
const EXACT = process.env.BENCH_AI_EXACT !== '0';
const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-ai-'));
process.env.LOG_LEVEL = 'silent';
const stack = await startLocalStack({ port: PORT, dataDir, inMemory: true, seed: false });
const { documentClient } = await import('../functions/lib/clients.ts');
const { seedKnowledgeBase } = await import('../functions/knowledge/seed.ts');
const { chunkSearch, embedder, secondStage } = await import('../functions/ai/index.ts');
const { createKnowledgeBase } = await import('../functions/ai/knowledge-base.ts');
const { configuredIndexStore } = await import('../functions/ai/index-store/configured-index-store.ts');
const { rebuildScopeIndex, updateScopeIndex } = await import('../functions/ai/rebuild-index.ts');
const { measureRetrieval, qualityCases } = await import('../functions/knowledge/retrieval-quality.ts');
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
const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const say = (line: string) => console.log(`${line} [load ${load()}]`);
type Search = ReturnType<typeof createKnowledgeBase>;

/** First search of a fresh knowledge base, then warm searches over `queries`: times and the reads of the table. */
async function latency(kb: Search, queries: readonly string[]) {
  meter.on = true;
  meter.requests = 0;
  meter.capacity = 0;
  let t = performance.now();
  await kb.searchChunks({ query: queries[0]!, subject: 'geography' });
  const first = performance.now() - t;
  const firstReads = { requests: meter.requests, capacity: meter.capacity };
  // Warm: the lists the index reads in the background after its first search are in.
  await kb.settled();
  meter.requests = 0;
  meter.capacity = 0;
  const warm: number[] = [];
  for (const query of queries) {
    t = performance.now();
    await kb.searchChunks({ query, subject: 'geography' });
    warm.push(performance.now() - t);
  }
  meter.on = false;
  warm.sort((a, b) => a - b);
  return { first, firstReads, p50: pct(warm, 50), p95: pct(warm, 95), perSearch: { requests: meter.requests / warm.length, capacity: meter.capacity / warm.length } };
}

/** The share of the exact top 10 (threshold 0) that the index's top 10 holds. */
async function recallAt10(exact: Search, indexed: Search, queries: readonly string[]): Promise<number> {
  let found = 0;
  let wanted = 0;
  for (const query of queries) {
    const [a, b] = await Promise.all([exact.searchChunks({ query, subject: 'geography', threshold: 0, maxResults: 10 }), indexed.searchChunks({ query, subject: 'geography', threshold: 0, maxResults: 10 })]);
    const got = new Set(b.map((p) => p.chunkId));
    wanted += a.length;
    found += a.filter((p) => got.has(p.chunkId)).length;
  }
  return wanted ? found / wanted : 1;
}

/** A search in a new process against this stack (it inherits the stack's endpoints and bucket; this process serves the emulated S3, so it waits without blocking). */
async function freshProcessSearch(query: string): Promise<{ sinceStartMs: number; embedderMs: number; searchMs: number; results: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs'), join(import.meta.dirname, 'bench-ai-fresh-search.ts'), query], { env: process.env, encoding: 'utf8' });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { sinceStartMs: number; embedderMs: number; searchMs: number; results: number };
}

try {
  let t = performance.now();
  const first = await seedKnowledgeBase();
  say(`Seeding, first start: ${ms(performance.now() - t)} (${first.total} chunks embedded and written, indexes built for ${first.indexed.join(', ')})`);
  t = performance.now();
  const again = await seedKnowledgeBase();
  say(`Seeding, restart (stamp unchanged): ${ms(performance.now() - t)} (skipped: ${again.skipped}, indexes rebuilt: ${again.indexed.length})`);

  // With the same second stage as the index's search, so the two lines differ by the index alone.
  const exactQuality = await measureRetrieval(createKnowledgeBase({ embedder, hybrid: true, exact: true, rerank: secondStage(true) }));
  const quality = await measureRetrieval(chunkSearch());
  const bySubject = (q: typeof quality) => Object.entries(q.bySubject).map(([s, b]) => `${s} ${b.hits}/${b.cases}`).join(', ');
  say(`Retrieval quality, exact: ${exactQuality.hits}/${exactQuality.cases} (${bySubject(exactQuality)}); mean search ${exactQuality.meanMs.toFixed(1)} ms`);
  say(
    `Retrieval quality, index: ${quality.hits}/${quality.cases} = ${(quality.rate * 100).toFixed(1)} % right country or topic in the top 3 ` +
      `(${bySubject(quality)}); mean search ${quality.meanMs.toFixed(1)} ms; index/exact ${(quality.hits / exactQuality.hits).toFixed(3)}`,
  );

  // Grow the geography partition: copies of its real chunks (text and vector) under new keys, as admins' documents would add them.
  const model = (await embedder()).id;
  const store = configuredIndexStore()!;
  const base = await readScope('geography');
  const queries = qualityCases()
    .filter((c) => c.subject === 'geography')
    .map((c) => c.query);
  for (const target of SIZES) {
    const have = (await readScope('geography')).length;
    const copies = Array.from({ length: Math.max(0, target - have) }, (_, i) => {
      const source = base[i % base.length]!;
      return { ...source, chunkKey: chunkKey('document', `bench-${target}-${i}`, 0), sourceKind: 'document' as const, sourceId: `bench-${target}-${i}`, title: `${source.title} (copy ${i})`, model };
    });
    await putChunks(copies);
    await bumpVersion('geography');

    t = performance.now();
    const manifest = await rebuildScopeIndex('geography', { store, model, keyword: true });
    const build = performance.now() - t;
    const size = target.toLocaleString('en-GB');
    say(`${size} chunks, index build: ${ms(build)} in all, ${ms(manifest.buildMs)} of it k-means, postings and encoding (${manifest.lists.length} lists, ${manifest.shards} postings shards)`);

    const after = await latency(createKnowledgeBase({ embedder, hybrid: true }), queries);
    const indexLine =
      `first search of a fresh knowledge base (process warm) ${ms(after.first)} (${after.firstReads.requests} requests, ${after.firstReads.capacity.toFixed(1)} RCU), ` +
      `warm p50 ${ms(after.p50)} p95 ${ms(after.p95)} (${after.perSearch.requests.toFixed(0)} request, ${after.perSearch.capacity.toFixed(1)} RCU per search)`;
    const fresh = await freshProcessSearch(queries[1]!);
    say(`${size} chunks, one search in a new process: ${ms(fresh.sinceStartMs)} from its start, ${ms(fresh.embedderMs)} of it loading the embedder, ${ms(fresh.searchMs)} the search (${fresh.results} results)`);
    if (EXACT) {
      const exact = createKnowledgeBase({ embedder, hybrid: true, exact: true });
      const before = await latency(exact, queries);
      const recall = await recallAt10(exact, createKnowledgeBase({ embedder, hybrid: true }), queries);
      say(`${size} chunks, before (exact): first search ${ms(before.first)} (${before.firstReads.requests} requests, ${before.firstReads.capacity.toFixed(1)} RCU), warm p50 ${ms(before.p50)} p95 ${ms(before.p95)}`);
      say(`${size} chunks, after (index): ${indexLine}; recall@10 vs exact ${recall.toFixed(3)}; after/before: first ${(after.first / before.first).toFixed(3)}, warm p95 ${(after.p95 / before.p95).toFixed(3)}`);
    } else {
      say(`${size} chunks, after (index): ${indexLine} (exact search skipped: BENCH_AI_EXACT=0)`);
    }

    // One document of three passages added as the embed-document consumer adds it: its chunks, the version moved, the index updated.
    const docId = `bench-added-${target}`;
    const texts = [
      `The Quillabamba valley (${target}) grows coffee, cacao and tea on the Urubamba river below Machu Picchu.`,
      'Its growers ship the beans by road to Cusco, then by rail and sea from the port of Matarani.',
      'A cooperative of the valley won a prize for its washed arabica in the national tasting of Lima.',
    ];
    const vectors = await (await embedder()).embed(texts);
    const added = texts.map((text, i) => ({ ...base[0]!, chunkKey: chunkKey('document', docId, i), text, sourceKind: 'document' as const, sourceId: docId, title: 'Coffee of the Quillabamba valley', model, vector: vectors[i]! }));
    await putChunks(added);
    await bumpVersion('geography');
    t = performance.now();
    const updated = await updateScopeIndex('geography', [docId], { store, model, keyword: true });
    const update = performance.now() - t;
    const found = await createKnowledgeBase({ embedder, hybrid: true }).searchChunks({ query: added[0]!.text, subject: 'geography', threshold: 0, maxResults: 10 });
    say(
      `${size} chunks, one document added: ${ms(update)} (${updated.clustered.version === updated.version ? 'a whole build below 5,000 chunks' : `an update: ${updated.listKeys.filter((k) => k.includes(`/v${updated.version}/`)).length} lists and ${updated.shardKeys.filter((k) => k.includes(`/v${updated.version}/`)).length} postings shards written`}); ` +
        `a fresh search ranks it first: ${found[0]?.source.id === docId}`,
    );
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
