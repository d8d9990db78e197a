import { ensureTable, startDynamoDb } from '../infra/local/dynamodb.ts';
import { stopChildren } from '../infra/local/processes.ts';
import { useEmbeddedAiOnTable } from './support/embedded-ai-env.ts';
import type { QualityCase } from '../functions/knowledge/retrieval-quality.ts';

/**
 * `npx tsx scripts/retrieval-check.ts [--top N] [--first-stage] [--all]`: the 96-question retrieval check alone
 * (functions/knowledge/retrieval-quality.ts), over a knowledge base seeded as `npm start` seeds
 * it in DynamoDB Local in memory, with the embedded provider. Prints hits per subject, the mean
 * search time and every miss with what was found instead; with --top N, also where the first
 * passage of the expected topic or country ranks among the first N, and their scores; with
 * --first-stage, without the search's second stage (functions/ai/rerank.ts), to see what it adds;
 * with --all, over every history and religion question of the bank as well (387, the same rule:
 * a passage of its topic, its own left out), to see whether a change tuned on the 96 holds beyond them.
 */
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1] ?? 10) : 0;
const PORT = Number(process.env.RETRIEVAL_CHECK_PORT ?? 20000 + Math.floor(Math.random() * 20000));
const TABLE = 'quizquest-retrieval-check';

useEmbeddedAiOnTable(TABLE);

try {
  const endpoint = await startDynamoDb({ port: PORT });
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  await ensureTable(endpoint, TABLE);
  // Imported after the environment is set: the clients read it once.
  const { seedKnowledgeBase } = await import('../functions/knowledge/seed.ts');
  const { chunkSearch, embedder } = await import('../functions/ai/index.ts');
  const { measureRetrieval, qualityCases } = await import('../functions/knowledge/retrieval-quality.ts');
  const { CONTEXT_CUTOFF } = await import('../shared/knowledge/similarity.ts');
  const { createKnowledgeBase } = await import('../functions/ai/knowledge-base.ts');
  const seeded = await seedKnowledgeBase();
  console.log(`Knowledge base seeded: ${seeded.total} chunks (${(seeded.ms / 1000).toFixed(1)} s)`);
  const kb = args.includes('--first-stage') ? createKnowledgeBase({ embedder, hybrid: true }) : chunkSearch();
  await measureRetrieval(kb, qualityCases().slice(0, 3)); // warm: word vectors and indexes loaded
  const quality = await measureRetrieval(kb);
  console.log(`Retrieval (right passage in the top 3): ${quality.hits}/${quality.cases}; mean search ${quality.meanMs.toFixed(1)} ms`);
  for (const [subject, b] of Object.entries(quality.bySubject)) console.log(`  ${subject.padEnd(12)} ${b.hits}/${b.cases} (${((100 * b.hits) / b.cases).toFixed(1)} %)`);
  for (const m of quality.misses) console.log(`  miss: ${m.query}\n      expected ${m.expected}; got ${m.got.join(' | ')}`);
  if (args.includes('--all')) {
    const { loadBank } = await import('../functions/questions/load-bank.ts');
    const every = loadBank()
      .filter((q) => q.question_type === 'text' && q.subject !== 'geography')
      .map((q): QualityCase => ({ query: q.question, subject: q.subject, expected: { kind: 'topic', topic: q.topic, questionId: q.id } }));
    const wide = await measureRetrieval(kb, every);
    console.log(`\nEvery history and religion question: ${wide.hits}/${wide.cases}`);
    for (const [subject, b] of Object.entries(wide.bySubject)) console.log(`  ${subject.padEnd(12)} ${b.hits}/${b.cases} (${((100 * b.hits) / b.cases).toFixed(1)} %)`);
    for (const m of wide.misses) console.log(`  miss: ${m.query} (expected ${m.expected})`);
  }
  if (top > 0) {
    for (const c of qualityCases()) {
      if (!quality.misses.some((m) => m.query === c.query)) continue;
      const expected = c.expected;
      const found =
        expected.kind === 'country'
          ? await kb.searchChunks({ query: c.query, subject: c.subject, kinds: ['country'], threshold: CONTEXT_CUTOFF, maxResults: top })
          : await kb.searchChunks({ query: c.query, subject: c.subject, excludeSourceIds: [expected.questionId], threshold: CONTEXT_CUTOFF, maxResults: top });
      const rank = found.findIndex((r) => (expected.kind === 'country' ? r.source.id === expected.id : r.category === expected.topic));
      console.log(`\n${c.query} (expected ${expected.kind === 'country' ? expected.id : expected.topic}: rank ${rank < 0 ? `> ${top}` : rank + 1})`);
      found.forEach((r, i) => console.log(`  ${String(i + 1).padStart(2)} ${r.similarity.toFixed(3)} [${r.category}] ${r.source.title.slice(0, 70)} :: ${r.text.slice(0, 90)}`));
    }
  }
} finally {
  await stopChildren();
}
