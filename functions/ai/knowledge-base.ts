import { createRequire } from 'node:module';
import type { Level, Subject } from '#shared/constants.ts';
import { DEFAULT_MAX_RESULTS, DEFAULT_THRESHOLD, dotRow, fuse, topK } from '#shared/knowledge/similarity.ts';
import { KB_SCOPES, documentsNotReady, readScope, scopeVersions, type KbScope, type SourceKind, type StoredChunk } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import { contentTerms } from './nlp.ts';
import { passageScore, queryNames, textMatch } from './passage-score.ts';
import type { Embedder, KnowledgeBase, Passage, SearchOptions } from './types.ts';

/**
 * Exact similarity search over a subject's chunks, in the Lambda (or the local host): the
 * chunks of each scope are read once per container and kept with their version; every search
 * checks the versions with one BatchGet and re-reads only a scope that changed. With the
 * embedded provider a BM25 keyword index (wink-bm25-text-search) of the same chunks is fused
 * with the cosine (see shared/knowledge/similarity.ts); a model's embeddings (Bedrock) are
 * used alone.
 */
export interface SearchRequest extends SearchOptions {
  /** Only chunks from these kinds of source (similar-question search: 'question'). */
  readonly kinds?: readonly SourceKind[];
  /** Leave out chunks of these sources (the retrieval check leaves out the question asked). */
  readonly excludeSourceIds?: readonly string[];
  /** Only question chunks of these levels (similar questions: the levels the caller may play); other sources pass. */
  readonly levels?: readonly Level[];
}

/** A passage with the level of its question (null for other sources). */
export interface ChunkPassage extends Passage {
  readonly level: Level | null;
}

export interface ChunkSearch extends KnowledgeBase {
  searchChunks(request: SearchRequest): Promise<ChunkPassage[]>;
  /** Drops the cached scopes (tests; a process that just wrote the knowledge base). */
  forget(): void;
}

interface Keyword {
  search(text: string, limit: number): [string, number][];
}

interface ScopeIndex {
  readonly version: number;
  readonly chunks: readonly StoredChunk[];
  readonly matrix: Float32Array;
  readonly keyword: Keyword | undefined;
  /** Each chunk's title and text in lower case, for the name match. */
  readonly lowered: readonly string[];
}

export interface KnowledgeBaseOptions {
  readonly embedder: () => Promise<Embedder>;
  /** Build a BM25 index beside the vectors (the embedded provider). */
  readonly hybrid: boolean;
}

export function createKnowledgeBase(options: KnowledgeBaseOptions): ChunkSearch {
  const cache = new Map<KbScope, ScopeIndex>();

  async function scopeIndex(scope: KbScope, version: number, model: string): Promise<ScopeIndex> {
    const cached = cache.get(scope);
    if (cached && cached.version === version) return cached;
    const all = (await readScope(scope)).filter((c) => c.model === model);
    // An added document's passages count only once it is marked ready (they are written just before).
    const notReady = await documentsNotReady([...new Set(all.filter((c) => c.sourceKind === 'document').map((c) => c.sourceId))]);
    const chunks = notReady.size ? all.filter((c) => !(c.sourceKind === 'document' && notReady.has(c.sourceId))) : all;
    const dimensions = chunks[0]?.vector.length ?? 0;
    const matrix = new Float32Array(chunks.length * dimensions);
    chunks.forEach((c, row) => matrix.set(c.vector, row * dimensions));
    const lowered = chunks.map((c) => `${c.title} ${c.text}`.toLowerCase());
    const index: ScopeIndex = { version, chunks, matrix, keyword: options.hybrid ? keywordIndex(chunks) : undefined, lowered };
    cache.set(scope, index);
    return index;
  }

  async function searchChunks(request: SearchRequest): Promise<ChunkPassage[]> {
    const query = request.query.trim();
    if (!query) return [];
    const threshold = request.threshold ?? DEFAULT_THRESHOLD;
    const max = request.maxResults ?? DEFAULT_MAX_RESULTS;
    const scopes: KbScope[] = request.subject ? [request.subject] : [...KB_SCOPES];
    const embedder = await options.embedder();
    const [versions, queryVector] = await Promise.all([scopeVersions(scopes), embedQuery(embedder, query)]);
    // docs/ai.md: without a query vector (the model unreachable) the search falls back to a text match.
    const words = queryVector ? [] : [...new Set(contentTerms(query))];
    const names = queryNames(query);
    // Scores first (no allocation per chunk); passages only for the chunks above the threshold.
    const ranked: { item: ChunkPassage; similarity: number }[] = [];
    for (const scope of scopes) {
      const index = await scopeIndex(scope, versions.get(scope) ?? 0, embedder.id);
      if (index.chunks.length === 0) continue;
      if (queryVector && queryVector.length * index.chunks.length !== index.matrix.length) continue;
      const lexical = queryVector && index.keyword ? new Map(index.keyword.search(query, 200)) : undefined;
      for (let row = 0; row < index.chunks.length; row += 1) {
        const base = queryVector ? fuse(dotRow(queryVector, index.matrix, row), lexical ? (lexical.get(index.chunks[row]!.chunkKey) ?? 0) : undefined) : textMatch(words, index.chunks[row]!.title, index.chunks[row]!.text);
        const similarity = passageScore(base, names, index.lowered[row]!);
        if (similarity < threshold) continue;
        const chunk = index.chunks[row]!;
        if (request.category && chunk.category !== request.category) continue;
        if (request.kinds && !request.kinds.includes(chunk.sourceKind)) continue;
        if (request.excludeSourceIds?.includes(chunk.sourceId)) continue;
        if (request.levels && chunk.level && !request.levels.includes(chunk.level)) continue;
        ranked.push({ item: toPassage(chunk, similarity), similarity });
      }
    }
    return topK(ranked, threshold, max).map((r) => r.item);
  }

  return {
    // Plain passages for the features (no level field).
    search: async (o) => (await searchChunks(o)).map(({ level: _level, ...passage }) => passage),
    searchChunks,
    forget: () => cache.clear(),
  };
}

async function embedQuery(embedder: Embedder, query: string): Promise<Float32Array | undefined> {
  try {
    const [vector] = await embedder.embed([query]);
    return vector && vector.some((x) => x !== 0) ? vector : undefined;
  } catch (error) {
    log.warn('query embedding failed: searching by text match', { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

function toPassage(chunk: StoredChunk, similarity: number): ChunkPassage {
  return {
    level: chunk.level ?? null,
    chunkId: chunk.chunkKey,
    text: chunk.text,
    subject: chunk.subject as Subject | null,
    category: chunk.category,
    source: { kind: chunk.sourceKind, id: chunk.sourceId, title: chunk.title },
    similarity,
  };
}

interface WinkBm25 {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: Record<string, number> }): void;
  definePrepTasks(tasks: ((input: string) => string[])[]): void;
  addDoc(doc: Record<string, string>, id: string): void;
  consolidate(precision?: number): void;
  search(text: string, limit?: number): [string, number][];
}

/** BM25 over the chunk text and title (the title counts double); needs at least 3 chunks. */
function keywordIndex(chunks: readonly StoredChunk[]): Keyword | undefined {
  if (chunks.length < 3) return undefined;
  const create = createRequire(import.meta.url)('wink-bm25-text-search') as () => WinkBm25;
  const engine = create();
  engine.defineConfig({ fldWeights: { text: 1, title: 2 } });
  engine.definePrepTasks([(text) => contentTerms(text)]);
  for (const chunk of chunks) engine.addDoc({ text: chunk.text, title: chunk.title }, chunk.chunkKey);
  engine.consolidate(4);
  return { search: (text, limit) => (contentTerms(text).length ? engine.search(text, limit) : []) };
}
