import type { Level } from '#shared/constants.ts';
import { DEFAULT_MAX_RESULTS, DEFAULT_THRESHOLD, dotRow, fuse, topK } from '#shared/knowledge/similarity.ts';
import { KB_SCOPES, scopeVersions, type KbScope, type SourceKind } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import { searchPostings } from './bm25-postings.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { configuredIndexStore } from './index-store/configured-index-store.ts';
import { EXACT_BELOW, defaultProbes, nearestLists } from './ivf-index.ts';
import { contentTerms } from './nlp.ts';
import { NAME_MATCH_WEIGHT, passageScore, queryNames, textMatch } from './passage-score.ts';
import { bestRows } from './best-rows.ts';
import { readSearchableChunks } from './rebuild-index.ts';
import { latestVersion, memoryScopeIndex, openScopeIndex, type IndexList, type IndexedChunk, type ScopeIndex } from './scope-index.ts';
import type { Embedder, KnowledgeBase, Passage, SearchOptions } from './types.ts';

/**
 * Similarity search over a subject's chunks through its prebuilt index (docs/ai.md, "Search"):
 * every search reads the scopes' versions with one BatchGet; a container opens a scope's index
 * of that version once (manifest and centroids; lists and BM25 postings as searches need them)
 * and keeps it. A search scores the nearest lists' chunks and the BM25 top hits, each as the
 * exact search did (fuse + passageScore). Search never builds a stored index: the writers do
 * (rebuild-index.ts). When the version's index is not built yet, a small scope is searched
 * exactly from the table (in memory) and a large one with its previous index, and it is logged.
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
  /** Drops the opened indexes (tests; a process that just wrote the knowledge base). */
  forget(): void;
}

export interface IndexedChunkSearch extends ChunkSearch {
  /** Resolves once the opened indexes' lists and postings read in the background are in (the bench's warm state). */
  settled(): Promise<void>;
}

export interface KnowledgeBaseOptions {
  readonly embedder: () => Promise<Embedder>;
  /** Fuse BM25 scores with the cosine (the embedded provider). */
  readonly hybrid: boolean;
  /** A second stage: the first stage's best `depth` passages reordered (functions/ai/rerank.ts), then cut to what was asked. */
  readonly rerank?: { readonly depth: number; reorder(query: string, passages: readonly ChunkPassage[]): ChunkPassage[] };
  /** Where the built indexes are; default the bucket named by KNOWLEDGE_INDEX_BUCKET (none: exact search from the table). */
  readonly store?: () => IndexStore | undefined;
  /** Lists scored per search for a scope of `lists` lists. */
  readonly probes?: (lists: number) => number;
  /** Never open a stored index: read the table and search exactly (the bench's baseline). */
  readonly exact?: boolean;
}

/** The BM25 hits fused per scope (as before the index). */
const LEXICAL_HITS = 200;
/** Lists and postings shards read at once in the background after a scope's index is opened. */
const PREFETCH_CONCURRENCY = 4;
/** A version whose index was not found is looked for again after this long. */
const RECHECK_MS = 5000;

interface Opened {
  readonly version: number;
  readonly model: string;
  readonly index: ScopeIndex;
  /** Set when this is not the version's own stored index (a fallback): look for it again after this time. */
  readonly recheckAt?: number;
}

export function createKnowledgeBase(options: KnowledgeBaseOptions): IndexedChunkSearch {
  const cache = new Map<KbScope, Opened>();
  const opening = new Map<string, Promise<Opened>>();
  const storeOf = options.store ?? configuredIndexStore;
  const probesFor = options.probes ?? defaultProbes;

  async function scopeIndex(scope: KbScope, version: number, model: string): Promise<ScopeIndex> {
    const cached = cache.get(scope);
    if (cached && cached.version === version && cached.model === model && (cached.recheckAt === undefined || Date.now() < cached.recheckAt)) return cached.index;
    const key = `${scope}#${model}#${version}`;
    let pending = opening.get(key);
    if (!pending) {
      pending = open(scope, version, model, cached?.model === model ? cached : undefined).finally(() => opening.delete(key));
      opening.set(key, pending);
    }
    const opened = await pending;
    const now = cache.get(scope);
    // A slower open of an older version does not replace a newer one.
    if (!now || now.model !== model || now.version <= opened.version) cache.set(scope, opened);
    return opened.index;
  }

  async function open(scope: KbScope, version: number, model: string, previous: Opened | undefined): Promise<Opened> {
    const store = options.exact ? undefined : storeOf();
    if (store) {
      const own = await openScopeIndex(store, model, scope, version);
      if (own) return { version, model, index: own };
      // Still not built: keep the fallback already opened for this version.
      if (previous && previous.version === version && previous.recheckAt !== undefined) return { ...previous, recheckAt: Date.now() + RECHECK_MS };
      const fallback = previous?.recheckAt === undefined ? previous?.index : undefined;
      const latest = fallback ? undefined : await latestVersion(store, model, scope);
      const older = fallback ?? (latest === undefined ? undefined : await openScopeIndex(store, model, scope, latest));
      if (older && older.manifest.count >= EXACT_BELOW) {
        log.warn('knowledge index of this version not built yet: searching the previous one', { scope, version, indexVersion: older.manifest.version });
        return { version, model, index: older, recheckAt: Date.now() + RECHECK_MS };
      }
      log.warn('knowledge index of this version not built yet: searching the scope exactly from the table', { scope, version, previousChunks: older?.manifest.count ?? null });
    }
    const chunks = await readSearchableChunks(scope, model);
    const index = memoryScopeIndex({ scope, model, version, chunks, keyword: options.hybrid });
    return { version, model, index, ...(store ? { recheckAt: Date.now() + RECHECK_MS } : {}) };
  }

  /**
   * Reads the lists and postings shards no search has needed yet, a few at a time, once an
   * index's first search has answered (not meanwhile: it would compete with that search's reads):
   * the container then scores from memory, as the exact search did once it had read the scope. A
   * list or shard that fails to read is read again by the search that needs it.
   */
  const background = new Set<Promise<void>>();
  const prefetched = new WeakSet<ScopeIndex>();
  function prefetch(index: ScopeIndex): void {
    const lists = index.manifest.lists.length;
    const shards = index.manifest.shards;
    if ((lists <= 1 && shards <= 1) || prefetched.has(index)) return;
    prefetched.add(index);
    const reads = [...Array.from({ length: lists }, (_, n) => () => index.list(n)), ...Array.from({ length: shards }, (_, n) => () => index.loadShard(n))];
    let next = 0;
    const worker = async () => {
      while (next < reads.length) await reads[next++]!().catch(() => undefined);
    };
    const run = Promise.all(Array.from({ length: PREFETCH_CONCURRENCY }, worker)).then(() => undefined);
    background.add(run);
    void run.finally(() => background.delete(run));
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
    const indexes = await Promise.all(scopes.map((scope) => scopeIndex(scope, versions.get(scope) ?? 0, embedder.id)));
    // Each scope's best `need` are enough: the global best are among them.
    const need = Math.max(max, options.rerank?.depth ?? 0);
    const ranked: { item: ChunkPassage; similarity: number }[] = [];
    for (const index of indexes) {
      const { manifest } = index;
      if (manifest.count === 0) continue;
      if (queryVector && queryVector.length !== manifest.dimensions) continue;
      const probes = probesFor(manifest.lists.length);
      // The nearest lists are read while BM25 reads its postings (the lists its hits add come after).
      if (queryVector && manifest.lists.length > 1) for (const n of nearestLists(queryVector, index.centroids, probes)) index.list(n).catch(() => undefined);
      const lexical = queryVector && options.hybrid && index.postings ? new Map(await searchPostings(query, LEXICAL_HITS, index.postings)) : undefined;
      const lists = await Promise.all(listsToScore(index, queryVector, lexical, probes).map((n) => index.list(n)));
      const base = (list: IndexList, row: number) => {
        if (!queryVector) return textMatch(words, list.chunk(row).title, list.chunk(row).text);
        return fuse(dotRow(queryVector, list.vectors, row), lexical ? (lexical.get(list.ordinals[row]!) ?? 0) : undefined);
      };
      const rows = bestRows(lists, base, names.length ? NAME_MATCH_WEIGHT : 0, threshold, need, (list, row, b) => {
        const chunk = list.chunk(row);
        if (request.category && chunk.category !== request.category) return undefined;
        if (request.kinds && !request.kinds.includes(chunk.sourceKind)) return undefined;
        if (request.excludeSourceIds?.includes(chunk.sourceId)) return undefined;
        if (request.levels && chunk.level && !request.levels.includes(chunk.level)) return undefined;
        const similarity = passageScore(b, names, list.lowered(row));
        return { item: chunk, similarity, key: chunk.chunkKey };
      });
      // In chunk-key order, as the exact search ranked equal scores.
      for (const r of rows) ranked.push({ item: toPassage(r.item, r.similarity), similarity: r.similarity });
    }
    for (const index of indexes) prefetch(index);
    const { rerank } = options;
    if (!rerank) return topK(ranked, threshold, max).map((r) => r.item);
    return rerank.reorder(query, topK(ranked, threshold, Math.max(max, rerank.depth)).map((r) => r.item)).slice(0, max);
  }

  return {
    // Plain passages for the features (no level field).
    search: async (o) => (await searchChunks(o)).map(({ level: _level, ...passage }) => passage),
    searchChunks,
    forget: () => cache.clear(),
    settled: async () => {
      while (background.size) await Promise.all(background);
    },
  };
}

/**
 * The lists a search scores: the `probes` nearest the query, then those holding the BM25 top hits
 * (best first, up to `probes` more), so a chunk that matches by its words is scored with its
 * cosine as before. Without a query vector (a text match) every list.
 */
function listsToScore(index: ScopeIndex, queryVector: Float32Array | undefined, lexical: ReadonlyMap<number, number> | undefined, probes: number): number[] {
  const k = index.manifest.lists.length;
  if (!queryVector || k === 1) {
    if (!queryVector && k > 1) log.warn('knowledge search without a query vector reads every list', { scope: index.manifest.scope, lists: k });
    return Array.from({ length: k }, (_, n) => n);
  }
  const chosen = new Set(nearestLists(queryVector, index.centroids, probes));
  let extra = 0;
  for (const ordinal of lexical?.keys() ?? []) {
    if (extra >= probes) break;
    const list = index.listOf[ordinal]!;
    if (!chosen.has(list)) {
      chosen.add(list);
      extra += 1;
    }
  }
  return [...chosen];
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

function toPassage(chunk: IndexedChunk, similarity: number): ChunkPassage {
  return {
    level: chunk.level ?? null,
    chunkId: chunk.chunkKey,
    text: chunk.text,
    subject: chunk.subject,
    category: chunk.category,
    source: { kind: chunk.sourceKind, id: chunk.sourceId, title: chunk.title },
    similarity,
  };
}
