import type { Subject } from '#shared/constants.ts';
import { CONTEXT_CUTOFF } from '#shared/knowledge/similarity.ts';
import type { ChunkSearch } from '../ai/knowledge-base.ts';
import { loadBank } from '../questions/load-bank.ts';

/**
 * The retrieval check (a test and `npm run bench:ai`): a fixed set of bank questions asked of
 * the knowledge base, counting how often the right material is in the top 3:
 * - geography (capital, currency, language, subregion, continent questions): the fact sheet of
 *   the country asked about, among the country sheets;
 * - history and religion: another passage of the same topic, the question's own chunk left out
 *   (it contains the question's words, which would make the check trivial).
 */
export interface QualityCase {
  readonly query: string;
  readonly subject: Subject;
  readonly expected: { readonly kind: 'country'; readonly id: string } | { readonly kind: 'topic'; readonly topic: string; readonly questionId: string };
}

const GEOGRAPHY = /^geo-(?:beg|adv|exp)-(?:capital|currency|language|subregion|continent)-([a-z]{3})$/;

export function qualityCases(): QualityCase[] {
  const bank = loadBank().filter((q) => q.question_type === 'text');
  const geography = bank.filter((q) => GEOGRAPHY.test(q.id)).filter((_, i) => i % 10 === 0);
  const others = bank.filter((q) => q.subject !== 'geography').filter((_, i) => i % 8 === 0);
  return [
    ...geography.map((q): QualityCase => ({ query: q.question, subject: q.subject, expected: { kind: 'country', id: GEOGRAPHY.exec(q.id)![1]! } })),
    ...others.map((q): QualityCase => ({ query: q.question, subject: q.subject, expected: { kind: 'topic', topic: q.topic, questionId: q.id } })),
  ];
}

export interface QualityResult {
  readonly cases: number;
  readonly hits: number;
  /** hits / cases, 0..1. */
  readonly rate: number;
  readonly bySubject: Record<string, { cases: number; hits: number }>;
  readonly misses: readonly { query: string; expected: string; got: readonly string[] }[];
  /** Mean search time per query. */
  readonly meanMs: number;
}

export async function measureRetrieval(kb: ChunkSearch, cases: readonly QualityCase[] = qualityCases()): Promise<QualityResult> {
  let hits = 0;
  let ms = 0;
  const bySubject: Record<string, { cases: number; hits: number }> = {};
  const misses: { query: string; expected: string; got: string[] }[] = [];
  for (const c of cases) {
    const started = performance.now();
    const results =
      c.expected.kind === 'country'
        ? await kb.searchChunks({ query: c.query, subject: c.subject, kinds: ['country'], threshold: CONTEXT_CUTOFF, maxResults: 3 })
        : await kb.searchChunks({ query: c.query, subject: c.subject, excludeSourceIds: [c.expected.questionId], threshold: CONTEXT_CUTOFF, maxResults: 3 });
    ms += performance.now() - started;
    const expected = c.expected;
    const hit = results.some((r) => (expected.kind === 'country' ? r.source.kind === 'country' && r.source.id === expected.id : r.category === expected.topic));
    const bucket = (bySubject[c.subject] ??= { cases: 0, hits: 0 });
    bucket.cases += 1;
    if (hit) {
      hits += 1;
      bucket.hits += 1;
    } else {
      misses.push({ query: c.query, expected: expected.kind === 'country' ? expected.id : expected.topic, got: results.map((r) => `${r.source.title} [${r.category}]`) });
    }
  }
  return { cases: cases.length, hits, rate: cases.length ? hits / cases.length : 0, bySubject, misses, meanMs: cases.length ? ms / cases.length : 0 };
}
