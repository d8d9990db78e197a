/**
 * One search in a new process, as a Lambda container's first (scripts/bench-ai.ts runs it against
 * its stack, whose endpoints and bucket it inherits): the modules and the embedder loaded, the
 * subject's version read, its knowledge index opened and searched. Prints JSON: the time from
 * the process's start, the embedder's loading, and the search alone.
 */
import { embedder } from '../functions/ai/index.ts';
import { createKnowledgeBase } from '../functions/ai/knowledge-base.ts';

const query = process.argv[2] ?? 'What is the capital of Peru?';
const loading = performance.now();
// The embedder (its word vectors) first, timed apart: what the index costs is the rest.
await embedder();
const embedderMs = performance.now() - loading;
const started = performance.now();
const results = await createKnowledgeBase({ embedder, hybrid: true }).searchChunks({ query, subject: 'geography' });
const searchMs = performance.now() - started;
console.log(JSON.stringify({ sinceStartMs: Math.round(performance.now()), embedderMs: Math.round(embedderMs), searchMs: Math.round(searchMs), results: results.length }));
