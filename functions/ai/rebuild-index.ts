import { chunkSourcePrefix, documentsNotReady, listDocuments, readScope, scopeOf, scopeVersions, type KbScope, type StoredChunk } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import { MIN_CHUNKS } from './bm25-postings.ts';
import { configuredIndexStore } from './index-store/configured-index-store.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { writeScopeIndex } from './index-publish.ts';
import { addToScopeIndex, driftOf } from './index-update.ts';
import { readDocuments, readLatest, readManifest, type IndexManifest } from './scope-index.ts';

/**
 * Builds and updates a scope's knowledge index from the table (docs/ai.md, "Search"): run by the
 * writers of the knowledge base (the seed, a document's embedding when it is marked ready), never
 * by a search. A full build clusters again and reads the whole scope (minutes at 100,000 chunks);
 * an update adds a ready document's chunks to the newest index (seconds), and the seed clusters
 * again once the lists have drifted past DRIFT_LIMIT.
 */

/** Below this many chunks a document's embedding builds the whole index again (seconds): its lists stay clustered. */
export const FULL_BUILD_BELOW = 5000;
/** The share of chunks added since the last clustering past which the seed clusters again. */
export const DRIFT_LIMIT = 0.1;
/** The newest documents looked at for ones ready but not in the index yet (another embedding's, still updating). */
const RECENT_DOCUMENTS = 200;
/** Updates of one document's scope tried while another update of the same version replaces its build. */
const UPDATE_ATTEMPTS = 3;

/** A scope's chunks of `model` that a search may find: an added document's only once it is ready. */
export async function readSearchableChunks(scope: KbScope, model: string, options: { consistent?: boolean } = {}): Promise<StoredChunk[]> {
  const all = (await readScope(scope, options)).filter((c) => c.model === model);
  const notReady = await documentsNotReady([...new Set(all.filter((c) => c.sourceKind === 'document').map((c) => c.sourceId))]);
  return notReady.size ? all.filter((c) => !(c.sourceKind === 'document' && notReady.has(c.sourceId))) : all;
}

export interface RebuildOptions {
  readonly store: IndexStore;
  readonly model: string;
  /** Build the BM25 postings (the embedded provider). */
  readonly keyword: boolean;
}

export interface UpdateOptions extends RebuildOptions {
  /** Below this many chunks the scope is built whole (default FULL_BUILD_BELOW). */
  readonly fullBuildBelow?: number;
}

/**
 * The whole index of the scope's current version. The version is read before the chunks, so the
 * index stored under it holds at least what that version held (a later write builds its own).
 */
export async function rebuildScopeIndex(scope: KbScope, { store, model, keyword }: RebuildOptions): Promise<IndexManifest> {
  const started = performance.now();
  const version = (await scopeVersions([scope])).get(scope) ?? 0;
  const chunks = await readSearchableChunks(scope, model, { consistent: true });
  const manifest = await writeScopeIndex(store, { scope, model, version, chunks, keyword });
  log.info('knowledge index built', { scope, version, chunks: manifest.count, lists: manifest.lists.length, shards: manifest.shards, buildMs: manifest.buildMs, totalMs: Math.round(performance.now() - started) });
  return manifest;
}

/**
 * The index of the scope's current version once documents are ready: their chunks added to the
 * newest index (the version's own if built, else `latest`), with every other recent document that
 * is ready and not in it yet (two documents embedding at once: each update adds what the other
 * may not have written yet, and each writes under its own build and looks again if another build
 * of the version replaced its own, so neither loses the other's).
 * A small scope, or one without an index to start from, is built whole.
 */
export async function updateScopeIndex(scope: KbScope, documentIds: readonly string[], options: UpdateOptions): Promise<IndexManifest> {
  for (let attempt = 1; ; attempt += 1) {
    const manifest = await updateOnce(scope, documentIds, options);
    // Another update of the same version may have written after this one without these documents
    // (the list of documents it read had not caught up): look again, from its build.
    const now = await readManifest(options.store, options.model, scope, manifest.version);
    if (!now || now.layoutKey === manifest.layoutKey || attempt >= UPDATE_ATTEMPTS) return manifest;
  }
}

async function updateOnce(scope: KbScope, documentIds: readonly string[], options: UpdateOptions): Promise<IndexManifest> {
  const { store, model, keyword, fullBuildBelow = FULL_BUILD_BELOW } = options;
  const started = performance.now();
  const version = (await scopeVersions([scope])).get(scope) ?? 0;
  const own = await readManifest(store, model, scope, version);
  const latest = own ? undefined : await readLatest(store, model, scope);
  const base = own ?? (latest && latest.version <= version ? await readManifest(store, model, scope, latest.version) : undefined);
  if (!base || base.count < fullBuildBelow || (base.shards > 0) !== keyword) return rebuildScopeIndex(scope, options);

  const held = new Set(await readDocuments(store, base));
  const candidates = new Set(documentIds);
  for (const doc of await listDocuments(RECENT_DOCUMENTS)) if (doc.status === 'ready' && scopeOf(doc.subject) === scope) candidates.add(doc.id);
  const missing = [...candidates].filter((id) => !held.has(id));
  if (own && missing.length === 0) return own;
  const notReady = await documentsNotReady(missing);
  const adding = missing.filter((id) => !notReady.has(id));
  const chunks = (await Promise.all(adding.map((id) => readScope(scope, { consistent: true, keyPrefix: chunkSourcePrefix('document', id) })))).flat().filter((c) => c.model === model);
  const manifest = await addToScopeIndex(store, { base, version, chunks });
  const drift = driftOf(manifest);
  log.info('knowledge index updated', { scope, version, from: base.version, documents: adding.length, chunks: chunks.length, count: manifest.count, drift: Number(drift.toFixed(3)), totalMs: Math.round(performance.now() - started) });
  if (drift > DRIFT_LIMIT) log.warn('knowledge index lists drifted: the next seeding clusters them again', { scope, drift: Number(drift.toFixed(3)) });
  return manifest;
}

/**
 * Rebuilds the indexes of those of `scopes` whose newest built index is not of their current
 * version, is of another format, or has drifted past DRIFT_LIMIT (none configured: nothing to
 * build, search reads the table). The seed runs it at every start, so a stack whose bucket lost
 * its objects, or that predates the index, gets them back.
 */
export async function ensureScopeIndexes(scopes: Iterable<KbScope>, model: string, keyword: boolean): Promise<KbScope[]> {
  const store = configuredIndexStore();
  if (!store) return [];
  const wanted = [...new Set(scopes)];
  const versions = await scopeVersions(wanted);
  const built = await Promise.all(wanted.map((scope) => readManifest(store, model, scope, versions.get(scope) ?? 0)));
  const stale = wanted.filter((_, i) => {
    const manifest = built[i];
    return !manifest || driftOf(manifest) > DRIFT_LIMIT || (manifest.shards > 0) !== (keyword && manifest.count >= MIN_CHUNKS);
  });
  for (const scope of stale) await rebuildScopeIndex(scope, { store, model, keyword });
  return stale;
}
