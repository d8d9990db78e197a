import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Level, Subject } from '#shared/constants.ts';
import type { KbScope, SourceKind, StoredChunk } from '../knowledge/data/knowledge.ts';
import { MIN_CHUNKS, decodeShard, encodeShards, shardCountFor, shardOf, termFrequencies, weigh, type Posting, type TermPosting } from './bm25-postings.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { assignLists, float32Bytes, float32From, framed, listCountFor, trainCentroids, unframe } from './ivf-index.ts';

/**
 * One scope's knowledge index for one embedding model, as stored (docs/ai.md, "Search"):
 *   knowledge-index/<model>/<scope>/v<version>/manifest.json   what the version holds and the keys of its objects (zod-checked)
 *   knowledge-index/<model>/<scope>/v<version>/<build>/...     the objects a build wrote:
 *     layout.bin      centroids, each chunk's BM25 length and list
 *     list-<n>.bin    a list's vectors, then its chunks' metadata (each decoded only when a search ranks it)
 *     terms-<n>.bin   a shard of the BM25 postings (term frequencies)
 *     documents.json  the admins' documents it holds (what a later update must add)
 *     manifest.json   a copy of the build's manifest (how a replaced build is found again to delete it)
 *   knowledge-index/<model>/<scope>/latest.json                the newest version, and the builds replaced
 * A build writes its objects before its manifest, and the manifest before `latest`: a reader that
 * finds a manifest finds everything it names. A full build writes every object; an update
 * (index-update.ts) writes the lists and shards it changed and names the others of the version
 * it started from. Each build writes under its own folder, so two builds of one version never
 * mix their objects. Chunks have ordinals (a full build gives them in chunk-key order, an update
 * numbers its chunks after those); a list keeps its chunks in ordinal order.
 */
const FORMAT = 3;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  scope: z.string(),
  model: z.string(),
  version: z.number(),
  dimensions: z.number(),
  count: z.number(),
  /** Chunks per list. */
  lists: z.array(z.number()),
  /** Each list's object. */
  listKeys: z.array(z.string()),
  /** BM25 postings shards (0: no keyword index, vectors alone), and each one's object. */
  shards: z.number(),
  shardKeys: z.array(z.string()),
  layoutKey: z.string(),
  documentsKey: z.string(),
  /** The chunks' weighted lengths added up (BM25's average length). */
  totalLength: z.number(),
  /** The full build (k-means) this version descends from: its version and chunk count (how far the lists drifted). */
  clustered: z.object({ version: z.number(), count: z.number() }),
  builtAt: z.string(),
  buildMs: z.number(),
});
export type IndexManifest = z.infer<typeof manifestSchema>;

const latestSchema = z.object({ version: z.number() });
/** Builds replaced (by a newer version, or a newer build of theirs), by their manifest's copy in their folder, and when: their objects are deleted once no search can still be reading them. */
const retiredSchema = z.array(z.object({ manifest: z.string(), at: z.number() }));
export type RetiredBuild = z.infer<typeof retiredSchema>[number];
export interface LatestPointer {
  readonly version: number;
  readonly retired: readonly RetiredBuild[];
}

const chunkMetaSchema = z.object({
  chunkKey: z.string(),
  subject: z.nullable(z.string()),
  level: z.nullable(z.string()),
  category: z.string(),
  text: z.string(),
  sourceKind: z.enum(['document', 'country', 'question', 'guide']),
  sourceId: z.string(),
  title: z.string(),
});
/** A list's header: its ordinals and where each chunk's metadata ends in the bytes after the vectors. */
const listHeaderSchema = z.object({ ordinals: z.array(z.number()), ends: z.array(z.number()) });

/** A chunk as the index keeps it: everything but its vector (kept packed beside). */
export interface IndexedChunk {
  readonly chunkKey: string;
  readonly subject: Subject | null;
  readonly level: Level | null;
  readonly category: string;
  readonly text: string;
  readonly sourceKind: SourceKind;
  readonly sourceId: string;
  readonly title: string;
}

/**
 * A list as a search reads it: ordinals and vectors at once, a chunk's metadata only when asked
 * (a search scores every row's vector and reads the metadata of the few that can rank).
 */
export interface IndexList {
  readonly size: number;
  readonly ordinals: Uint32Array;
  readonly vectors: Float32Array;
  chunk(row: number): IndexedChunk;
  /** The chunk's title and text in lower case (the name match). */
  lowered(row: number): string;
}

/** Every chunk of a list (writers and tests; a search asks for the rows it ranks). */
export function listChunks(list: IndexList): IndexedChunk[] {
  return Array.from({ length: list.size }, (_, row) => list.chunk(row));
}

/** A scope's index as a search uses it: lists and postings come on demand and are kept. */
export interface ScopeIndex {
  readonly manifest: IndexManifest;
  readonly centroids: Float32Array;
  /** Each ordinal's list. */
  readonly listOf: Uint16Array;
  /** Each ordinal's weighted length (BM25). */
  readonly lengths: Float32Array;
  list(n: number): Promise<IndexList>;
  /** Undefined when the index has no keyword part. */
  readonly postings: ((term: string) => Promise<Posting | undefined>) | undefined;
  /** Reads postings shard `n` ahead of the searches that need it (kept like the lists). */
  loadShard(n: number): Promise<void>;
}

const safe = (model: string) => model.replace(/[^A-Za-z0-9._-]/g, '_');
export const indexKeys = {
  prefix: (model: string, scope: KbScope) => `knowledge-index/${safe(model)}/${scope}`,
  version: (model: string, scope: KbScope, version: number) => `${indexKeys.prefix(model, scope)}/v${version}`,
  manifest: (model: string, scope: KbScope, version: number) => `${indexKeys.version(model, scope, version)}/manifest.json`,
  build: (model: string, scope: KbScope, version: number, build: string) => `${indexKeys.version(model, scope, version)}/${build}`,
  latest: (model: string, scope: KbScope) => `${indexKeys.prefix(model, scope)}/latest.json`,
};
export const buildKeys = (folder: string) => ({
  manifest: `${folder}/manifest.json`,
  layout: `${folder}/layout.bin`,
  documents: `${folder}/documents.json`,
  list: (n: number) => `${folder}/list-${n}.bin`,
  shard: (n: number) => `${folder}/terms-${n}.bin`,
});

/** A fresh build's folder name: two builds of one version write apart. */
export const newBuildId = () => randomUUID().slice(0, 8);

/** The copy of a build's manifest in its folder (what a retired build is known by). */
export const buildManifestKey = (manifest: IndexManifest) => manifest.layoutKey.replace(/\/layout\.bin$/, '/manifest.json');

/** Every object a manifest names, its version's manifest and its own copy included. */
export function objectsOf(manifest: IndexManifest): string[] {
  return [indexKeys.manifest(manifest.model, manifest.scope as KbScope, manifest.version), buildManifestKey(manifest), manifest.layoutKey, manifest.documentsKey, ...manifest.listKeys, ...manifest.shardKeys];
}

export interface BuildInput {
  readonly scope: KbScope;
  readonly model: string;
  readonly version: number;
  /** The scope's searchable chunks of this model (ready documents only). */
  readonly chunks: readonly StoredChunk[];
  /** Build the BM25 postings (the embedded provider). */
  readonly keyword: boolean;
  /** One list whatever the size (an exact search). */
  readonly exact?: boolean;
}

/** A build's objects, key → bytes, and its manifest (not among them: it is written last). */
export interface BuiltIndex {
  readonly manifest: IndexManifest;
  readonly objects: [string, Uint8Array][];
}

const byKey = (a: { chunkKey: string }, b: { chunkKey: string }) => (a.chunkKey < b.chunkKey ? -1 : a.chunkKey > b.chunkKey ? 1 : 0);

/** The full index of `input.chunks` (k-means again), in memory, as its objects. */
export function buildIndexObjects(input: BuildInput, build = newBuildId()): BuiltIndex {
  const started = performance.now();
  const { scope, model, version } = input;
  const keys = buildKeys(indexKeys.build(model, scope, version, build));
  const chunks = [...input.chunks].sort(byKey);
  const d = chunks[0]?.vector.length ?? 0;
  const matrix = new Float32Array(chunks.length * d);
  chunks.forEach((c, row) => matrix.set(c.vector, row * d));
  const k = input.exact ? 1 : listCountFor(chunks.length);
  const centroids = k === 1 ? meanCentroid(matrix, chunks.length, d) : trainCentroids(matrix, chunks.length, d, k);
  const listOf = k === 1 ? new Uint16Array(chunks.length) : assignLists(matrix, chunks.length, d, centroids);

  const members: number[][] = Array.from({ length: k }, () => []);
  listOf.forEach((list, ordinal) => members[list]!.push(ordinal));
  const objects: [string, Uint8Array][] = members.map((ordinals, n) => [keys.list(n), encodeList(ordinals, ordinals.map((o) => chunks[o]!))]);

  const keyword = input.keyword && chunks.length >= MIN_CHUNKS;
  const { postings, lengths } = keyword ? termFrequencies(chunks) : { postings: new Map<string, TermPosting>(), lengths: new Float64Array(chunks.length) };
  const shards = keyword ? shardCountFor(postings) : 0;
  encodeShards(postings, shards).forEach((bytes, n) => objects.push([keys.shard(n), bytes]));
  objects.push([keys.layout, encodeLayout(centroids, Float32Array.from(lengths), listOf, d)]);
  const documents = [...new Set(chunks.filter((c) => c.sourceKind === 'document').map((c) => c.sourceId))];
  objects.push([keys.documents, new TextEncoder().encode(JSON.stringify(documents))]);

  const manifest: IndexManifest = {
    format: FORMAT,
    scope,
    model,
    version,
    dimensions: d,
    count: chunks.length,
    lists: members.map((m) => m.length),
    listKeys: members.map((_, n) => keys.list(n)),
    shards,
    shardKeys: Array.from({ length: shards }, (_, n) => keys.shard(n)),
    layoutKey: keys.layout,
    documentsKey: keys.documents,
    totalLength: lengths.reduce((a, b) => a + b, 0),
    clustered: { version, count: chunks.length },
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
  };
  return { manifest, objects };
}

function meanCentroid(matrix: Float32Array, count: number, d: number): Float32Array {
  const centroid = new Float32Array(d);
  for (let row = 0; row < count; row += 1) for (let i = 0; i < d; i += 1) centroid[i]! += matrix[row * d + i]!;
  return centroid;
}

/** A chunk as a list is written from: its metadata and its vector. */
export type ListRow = Omit<IndexedChunk, 'level'> & { readonly level?: Level | null; readonly vector: Float32Array };

function metaOf(c: ListRow): IndexedChunk {
  return { chunkKey: c.chunkKey, subject: c.subject, level: c.level ?? null, category: c.category, text: c.text, sourceKind: c.sourceKind, sourceId: c.sourceId, title: c.title };
}

/** A list's bytes: its ordinals and where each chunk's metadata ends as the header, then the vectors, then each chunk's metadata (JSON). */
export function encodeList(ordinals: readonly number[], chunks: readonly ListRow[]): Uint8Array {
  const d = chunks[0]?.vector.length ?? 0;
  const vectors = new Float32Array(chunks.length * d);
  chunks.forEach((c, row) => vectors.set(c.vector, row * d));
  const encoder = new TextEncoder();
  const metas = chunks.map((c) => encoder.encode(JSON.stringify(metaOf(c))));
  const ends: number[] = [];
  let at = 0;
  for (const m of metas) ends.push((at += m.byteLength));
  const body = new Uint8Array(vectors.byteLength + at);
  body.set(float32Bytes(vectors), 0);
  let offset = vectors.byteLength;
  for (const m of metas) {
    body.set(m, offset);
    offset += m.byteLength;
  }
  return framed({ ordinals, ends }, body);
}

/** The layout's bytes: centroids, each ordinal's BM25 length, then each ordinal's list. */
export function encodeLayout(centroids: Float32Array, lengths: Float32Array, listOf: Uint16Array, d: number): Uint8Array {
  const body = new Uint8Array(centroids.byteLength + lengths.byteLength + listOf.byteLength);
  body.set(float32Bytes(centroids), 0);
  body.set(float32Bytes(lengths), centroids.byteLength);
  body.set(new Uint8Array(listOf.buffer, listOf.byteOffset, listOf.byteLength), centroids.byteLength + lengths.byteLength);
  return framed({ lists: centroids.length / Math.max(1, d), dimensions: d, count: listOf.length }, body);
}

export interface Layout {
  readonly centroids: Float32Array;
  readonly lengths: Float32Array;
  readonly listOf: Uint16Array;
}

export function decodeLayout(bytes: Uint8Array, manifest: Pick<IndexManifest, 'lists' | 'dimensions' | 'count'>): Layout {
  const { body } = unframe(bytes);
  const centroidBytes = manifest.lists.length * manifest.dimensions * 4;
  const centroids = float32From(body.subarray(0, centroidBytes));
  const lengths = float32From(body.subarray(centroidBytes, centroidBytes + manifest.count * 4));
  const listBytes = new Uint8Array(manifest.count * 2);
  listBytes.set(body.subarray(centroidBytes + manifest.count * 4, centroidBytes + manifest.count * 6));
  return { centroids, lengths, listOf: new Uint16Array(listBytes.buffer) };
}

const documentsSchema = z.array(z.string());

export async function readDocuments(store: IndexStore, manifest: IndexManifest): Promise<string[]> {
  const bytes = await store.get(manifest.documentsKey);
  if (!bytes) throw new Error(`Knowledge index object missing: ${manifest.documentsKey}`);
  return documentsSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/** The newest version built of a scope's index, and the versions it superseded, if any. */
export async function readLatest(store: IndexStore, model: string, scope: KbScope): Promise<LatestPointer | undefined> {
  const bytes = await store.get(indexKeys.latest(model, scope));
  if (!bytes) return undefined;
  const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
  // An earlier format's list of retired builds is dropped (their objects stay; docs/ai.md).
  const retired = retiredSchema.safeParse((json as { retired?: unknown }).retired);
  return { version: latestSchema.parse(json).version, retired: retired.success ? retired.data : [] };
}

/** A manifest at `key` (a version's, or its copy in a build's folder); undefined when gone or of another format. */
export async function readManifestAt(store: IndexStore, key: string): Promise<IndexManifest | undefined> {
  const bytes = await store.get(key);
  if (!bytes) return undefined;
  const parsed = manifestSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
  return parsed.success ? parsed.data : undefined;
}

export async function latestVersion(store: IndexStore, model: string, scope: KbScope): Promise<number | undefined> {
  return (await readLatest(store, model, scope))?.version;
}

/** A version's manifest; undefined when not built, or built in another format (a rebuild replaces it). */
export async function readManifest(store: IndexStore, model: string, scope: KbScope, version: number): Promise<IndexManifest | undefined> {
  return readManifestAt(store, indexKeys.manifest(model, scope, version));
}

/** Opens a stored version (manifest and layout read now, lists and postings when a search needs them); undefined when not built. */
export async function openScopeIndex(store: IndexStore, model: string, scope: KbScope, version: number): Promise<ScopeIndex | undefined> {
  const manifest = await readManifest(store, model, scope, version);
  if (!manifest) return undefined;
  const layoutBytes = await store.get(manifest.layoutKey);
  if (!layoutBytes) return undefined;
  return indexOver(manifest, decodeLayout(layoutBytes, manifest), (key) => store.get(key));
}

/** A scope index whose objects are read through `get`, each once (a failed read is read again by the next search). */
function indexOver(manifest: IndexManifest, layout: Layout, get: (key: string) => Promise<Uint8Array | undefined>): ScopeIndex {
  const lists = new Map<number, Promise<IndexList>>();
  const list = (n: number) => {
    let found = lists.get(n);
    if (!found) {
      const key = manifest.listKeys[n]!;
      found = get(key).then((bytes) => {
        if (!bytes) throw new Error(`Knowledge index list missing: ${key}`);
        return decodeList(bytes, manifest.dimensions);
      });
      found.catch(() => lists.delete(n));
      lists.set(n, found);
    }
    return found;
  };
  const shards = new Map<number, Promise<Map<string, TermPosting>>>();
  const shard = (n: number) => {
    let found = shards.get(n);
    if (!found) {
      found = get(manifest.shardKeys[n]!).then((bytes) => (bytes ? decodeShard(bytes) : new Map<string, TermPosting>()));
      found.catch(() => shards.delete(n));
      shards.set(n, found);
    }
    return found;
  };
  // Weighed once per term with this version's count and lengths.
  const weighed = new Map<string, Posting | undefined>();
  const stats = { count: manifest.count, totalLength: manifest.totalLength, lengths: layout.lengths };
  const postings =
    manifest.shards > 0
      ? async (term: string) => {
          if (weighed.has(term)) return weighed.get(term);
          const stored = (await shard(shardOf(term, manifest.shards))).get(term);
          const posting = stored && weigh(stored, stats);
          weighed.set(term, posting);
          return posting;
        }
      : undefined;
  return { manifest, centroids: layout.centroids, listOf: layout.listOf, lengths: layout.lengths, list, postings, loadShard: async (n) => void (await shard(n)) };
}

export function decodeList(bytes: Uint8Array, dimensions: number): IndexList {
  const { header, body } = unframe(bytes);
  const { ordinals, ends } = listHeaderSchema.parse(header);
  const size = ordinals.length;
  const vectorBytes = size * dimensions * 4;
  const vectors = float32From(body.subarray(0, vectorBytes));
  const metadata = body.subarray(vectorBytes);
  const decoder = new TextDecoder();
  const chunks: (IndexedChunk | undefined)[] = new Array(size);
  const lowered: (string | undefined)[] = new Array(size);
  const chunk = (row: number): IndexedChunk => {
    let found = chunks[row];
    if (!found) {
      const start = row === 0 ? 0 : ends[row - 1]!;
      found = chunkMetaSchema.parse(JSON.parse(decoder.decode(metadata.subarray(start, ends[row]!)))) as IndexedChunk;
      chunks[row] = found;
    }
    return found;
  };
  return {
    size,
    ordinals: Uint32Array.from(ordinals),
    vectors,
    chunk,
    lowered: (row) => {
      let found = lowered[row];
      if (found === undefined) {
        const c = chunk(row);
        lowered[row] = found = `${c.title} ${c.text}`.toLowerCase();
      }
      return found;
    },
  };
}

/** An index held in memory only, one list (the exact search of a scope with no stored index yet). */
export function memoryScopeIndex(input: BuildInput): ScopeIndex {
  const { manifest, objects } = buildIndexObjects({ ...input, exact: true });
  const stored = new Map(objects);
  return indexOver(manifest, decodeLayout(stored.get(manifest.layoutKey)!, manifest), async (key) => stored.get(key));
}
