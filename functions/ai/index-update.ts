import type { StoredChunk } from '../knowledge/data/knowledge.ts';
import { decodeShard, encodeShard, shardOf, termFrequencies, type TermPosting } from './bm25-postings.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { storeBuild } from './index-publish.ts';
import { assignLists } from './ivf-index.ts';
import { buildKeys, decodeLayout, decodeList, encodeLayout, encodeList, indexKeys, listChunks, newBuildId, readDocuments, type IndexManifest } from './scope-index.ts';
import type { KbScope } from '../knowledge/data/knowledge.ts';

/**
 * Adds chunks to a stored index without clustering again (docs/ai.md, "Search"): each new chunk
 * joins the list of its nearest centroid, numbered after the chunks already there; only the lists
 * and postings shards that gain chunks are written again, with the layout (each ordinal's list
 * and BM25 length) and the documents held, under the new version; the manifest names the other
 * objects of the version it starts from. BM25 weights are worked out when a search reads a term,
 * so the added chunks' counts and lengths are all they change. The lists drift from the centroids
 * as chunks are added; `driftOf` says how far, and the writers cluster again past a bound.
 */
export interface IndexAddition {
  /** The version it starts from. */
  readonly base: IndexManifest;
  /** The version it writes (the scope's version now). */
  readonly version: number;
  /** The chunks to add, of the base's model; a document the base already holds is left out. */
  readonly chunks: readonly StoredChunk[];
}

/** The share of chunks added since the version's lists were clustered. */
export function driftOf(manifest: IndexManifest): number {
  const added = manifest.count - manifest.clustered.count;
  return added === 0 ? 0 : manifest.clustered.count === 0 ? Infinity : added / manifest.clustered.count;
}

const byKey = (a: StoredChunk, b: StoredChunk) => (a.chunkKey < b.chunkKey ? -1 : a.chunkKey > b.chunkKey ? 1 : 0);

async function read(store: IndexStore, key: string): Promise<Uint8Array> {
  const bytes = await store.get(key);
  if (!bytes) throw new Error(`Knowledge index object missing: ${key}`);
  return bytes;
}

export async function addToScopeIndex(store: IndexStore, { base, version, chunks }: IndexAddition, now = Date.now()): Promise<IndexManifest> {
  const started = performance.now();
  const scope = base.scope as KbScope;
  const d = base.dimensions;
  const [layoutBytes, held] = await Promise.all([read(store, base.layoutKey), readDocuments(store, base)]);
  const layout = decodeLayout(layoutBytes, base);
  const already = new Set(held);
  const added = chunks.filter((c) => !(c.sourceKind === 'document' && already.has(c.sourceId))).sort(byKey);
  if (added.some((c) => c.vector.length !== d || c.model !== base.model)) throw new Error('Knowledge index update: a chunk of another model or size than the index');

  const keys = buildKeys(indexKeys.build(base.model, scope, version, newBuildId()));
  const objects: [string, Uint8Array][] = [];
  const matrix = new Float32Array(added.length * d);
  added.forEach((c, row) => matrix.set(c.vector, row * d));
  const k = base.lists.length;
  const listOfAdded = k === 1 ? new Uint16Array(added.length) : assignLists(matrix, added.length, d, layout.centroids);

  const lists = [...base.lists];
  const listKeys = [...base.listKeys];
  const joining = new Map<number, number[]>();
  listOfAdded.forEach((n, row) => (joining.get(n) ?? joining.set(n, []).get(n)!).push(row));
  await Promise.all(
    [...joining].map(async ([n, rows]) => {
      const list = decodeList(await read(store, base.listKeys[n]!), d);
      const kept = listChunks(list).map((c, row) => ({ ...c, vector: list.vectors.subarray(row * d, row * d + d) }));
      const ordinals = [...list.ordinals, ...rows.map((row) => base.count + row)];
      objects.push([keys.list(n), encodeList(ordinals, [...kept, ...rows.map((row) => added[row]!)])]);
      lists[n] = ordinals.length;
      listKeys[n] = keys.list(n);
    }),
  );

  const frequencies = termFrequencies(base.shards > 0 ? added : [], undefined, base.count);
  const shardKeys = [...base.shardKeys];
  const bySharding = new Map<number, [string, TermPosting][]>();
  for (const entry of frequencies.postings) {
    const s = shardOf(entry[0], base.shards);
    (bySharding.get(s) ?? bySharding.set(s, []).get(s)!).push(entry);
  }
  await Promise.all(
    [...bySharding].map(async ([s, entries]) => {
      const shard = decodeShard(await read(store, base.shardKeys[s]!));
      // New ordinals are above every stored one: appended, the postings stay in ordinal order.
      for (const [term, posting] of entries) {
        const old = shard.get(term);
        shard.set(term, old ? { ordinals: concat(Uint32Array, old.ordinals, posting.ordinals), freqs: concat(Float64Array, old.freqs, posting.freqs) } : posting);
      }
      objects.push([keys.shard(s), encodeShard(shard)]);
      shardKeys[s] = keys.shard(s);
    }),
  );

  const lengths = new Float32Array(base.count + added.length);
  lengths.set(layout.lengths);
  if (base.shards > 0) lengths.set(frequencies.lengths, base.count);
  const listOf = new Uint16Array(base.count + added.length);
  listOf.set(layout.listOf);
  listOf.set(listOfAdded, base.count);
  objects.push([keys.layout, encodeLayout(layout.centroids, lengths, listOf, d)]);
  const documents = [...held, ...new Set(added.filter((c) => c.sourceKind === 'document' && !already.has(c.sourceId)).map((c) => c.sourceId))];
  objects.push([keys.documents, new TextEncoder().encode(JSON.stringify(documents))]);

  const manifest: IndexManifest = {
    ...base,
    version,
    count: base.count + added.length,
    lists,
    listKeys,
    shardKeys,
    layoutKey: keys.layout,
    documentsKey: keys.documents,
    totalLength: base.totalLength + frequencies.lengths.reduce((a, b) => a + b, 0),
    builtAt: new Date(now).toISOString(),
    buildMs: Math.round(performance.now() - started),
  };
  return storeBuild(store, { manifest, objects }, now);
}

function concat<T extends Uint32Array | Float64Array>(Kind: { new (length: number): T }, a: T, b: T): T {
  const out = new Kind(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
