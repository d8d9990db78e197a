import { documentsNotReady, readScope, scopeVersions, type KbScope, type StoredChunk } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import { configuredIndexStore } from './index-store/configured-index-store.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { latestVersion, writeScopeIndex, type IndexManifest } from './scope-index.ts';

/**
 * Builds a scope's knowledge index from the table (docs/ai.md, "Search"): run by the writers of
 * the knowledge base (the seed, a document's embedding when it is marked ready), never by a search.
 */

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

/**
 * The index of the scope's current version. The version is read before the chunks, so the index
 * stored under it holds at least what that version held (a later write builds its own).
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
 * Rebuilds the indexes of those of `scopes` whose newest built index is not of their current
 * version (none configured: nothing to build, search reads the table). The seed runs it at every
 * start, so a stack whose bucket lost its objects, or that predates the index, gets them back.
 */
export async function ensureScopeIndexes(scopes: Iterable<KbScope>, model: string, keyword: boolean): Promise<KbScope[]> {
  const store = configuredIndexStore();
  if (!store) return [];
  const wanted = [...new Set(scopes)];
  const [versions, built] = await Promise.all([scopeVersions(wanted), Promise.all(wanted.map((scope) => latestVersion(store, model, scope)))]);
  const stale = wanted.filter((scope, i) => built[i] !== versions.get(scope));
  for (const scope of stale) await rebuildScopeIndex(scope, { store, model, keyword });
  return stale;
}
