/**
 * One search in a new process, as a Lambda container's first (scripts/bench-ai.ts runs it against
 * its stack, whose endpoints and bucket it inherits): the modules and the embedder loaded, the
 * subject's version read, its knowledge index opened and searched. Prints JSON: the time from
 * the process's start, and the search alone.
 */
import { embedder } from '../functions/ai/index.ts';
import { createKnowledgeBase } from '../functions/ai/knowledge-base.ts';

const query = process.argv[2] ?? 'What is the capital of Peru?';
const started = performance.now();
const results = await createKnowledgeBase({ embedder, hybrid: true }).searchChunks({ query, subject: 'geography' });
const searchMs = performance.now() - started;
console.log(JSON.stringify({ sinceStartMs: Math.round(performance.now()), searchMs: Math.round(searchMs), results: results.length }));
