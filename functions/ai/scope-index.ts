import * as z from 'zod/mini';
import type { Level, Subject } from '#shared/constants.ts';
import type { KbScope, SourceKind, StoredChunk } from '../knowledge/data/knowledge.ts';
import { buildPostings, decodeShard, encodeShards, shardCountFor, shardOf, type Posting } from './bm25-postings.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { assignLists, float32Bytes, float32From, framed, listCountFor, trainCentroids, unframe } from './ivf-index.ts';

/**
 * One scope's knowledge index for one embedding model, as stored (docs/ai.md, "Search"):
 *   knowledge-index/<model>/<scope>/v<version>/manifest.json  what the build holds (zod-checked on load)
 *                                             /layout.bin     centroids and each chunk's list
 *                                             /list-<n>.bin   a list's chunks (metadata) and vectors
 *                                             /terms-<n>.bin  a shard of the BM25 postings
 *   knowledge-index/<model>/<scope>/latest.json               the newest built version
 * A version's objects are written before its manifest, and the manifest before `latest`: a
 * reader that finds a manifest finds everything it names. Chunks have ordinals in chunk-key order
 * (the order the exact search ranked ties in); lists keep them in that order.
 */
const FORMAT = 1;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  scope: z.string(),
  model: z.string(),
  version: z.number(),
  dimensions: z.number(),
  count: z.number(),
  /** Chunks per list. */
  lists: z.array(z.number()),
  /** BM25 postings shards (0: no keyword index, vectors alone). */
  shards: z.number(),
  builtAt: z.string(),
  buildMs: z.number(),
});
export type IndexManifest = z.infer<typeof manifestSchema>;

const latestSchema = z.object({ version: z.number() });

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
const listHeaderSchema = z.object({ ordinals: z.array(z.number()), chunks: z.array(chunkMetaSchema) });

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

export interface IndexList {
  readonly ordinals: Uint32Array;
  readonly chunks: readonly IndexedChunk[];
  /** Each chunk's title and text in lower case (the name match). */
  readonly lowered: readonly string[];
  readonly vectors: Float32Array;
}

/** A scope's index as a search uses it: lists and postings come on demand and are kept. */
export interface ScopeIndex {
  readonly manifest: IndexManifest;
  readonly centroids: Float32Array;
  /** Each ordinal's list. */
  readonly listOf: Uint16Array;
  list(n: number): Promise<IndexList>;
  /** Undefined when the index has no keyword part. */
  readonly postings: ((term: string) => Promise<Posting | undefined>) | undefined;
}

const safe = (model: string) => model.replace(/[^A-Za-z0-9._-]/g, '_');
export const indexKeys = {
  prefix: (model: string, scope: KbScope) => `knowledge-index/${safe(model)}/${scope}`,
  version: (model: string, scope: KbScope, version: number) => `${indexKeys.prefix(model, scope)}/v${version}`,
  manifest: (model: string, scope: KbScope, version: number) => `${indexKeys.version(model, scope, version)}/manifest.json`,
  layout: (model: string, scope: KbScope, version: number) => `${indexKeys.version(model, scope, version)}/layout.bin`,
  list: (model: string, scope: KbScope, version: number, n: number) => `${indexKeys.version(model, scope, version)}/list-${n}.bin`,
  shard: (model: string, scope: KbScope, version: number, n: number) => `${indexKeys.version(model, scope, version)}/terms-${n}.bin`,
  latest: (model: string, scope: KbScope) => `${indexKeys.prefix(model, scope)}/latest.json`,
};

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

/** The index of `input.chunks`, in memory, as its objects: key → bytes, the manifest last. */
export function buildIndexObjects(input: BuildInput): { manifest: IndexManifest; objects: [string, Uint8Array][] } {
  const started = performance.now();
  const { scope, model, version } = input;
  const chunks = [...input.chunks].sort((a, b) => (a.chunkKey < b.chunkKey ? -1 : a.chunkKey > b.chunkKey ? 1 : 0));
  const d = chunks[0]?.vector.length ?? 0;
  const matrix = new Float32Array(chunks.length * d);
  chunks.forEach((c, row) => matrix.set(c.vector, row * d));
  const k = input.exact ? 1 : listCountFor(chunks.length);
  const centroids = k === 1 ? meanCentroid(matrix, chunks.length, d) : trainCentroids(matrix, chunks.length, d, k);
  const listOf = k === 1 ? new Uint16Array(chunks.length) : assignLists(matrix, chunks.length, d, centroids);

  const members: number[][] = Array.from({ length: k }, () => []);
  listOf.forEach((list, ordinal) => members[list]!.push(ordinal));
  const objects: [string, Uint8Array][] = members.map((ordinals, n) => {
    const vectors = new Float32Array(ordinals.length * d);
    ordinals.forEach((ordinal, row) => vectors.set(chunks[ordinal]!.vector, row * d));
    const header = { ordinals, chunks: ordinals.map((o) => metaOf(chunks[o]!)) };
    return [indexKeys.list(model, scope, version, n), framed(header, float32Bytes(vectors))];
  });

  const postings = input.keyword ? buildPostings(chunks) : undefined;
  const shards = postings ? shardCountFor(postings) : 0;
  if (postings) encodeShards(postings, shards).forEach((bytes, n) => objects.push([indexKeys.shard(model, scope, version, n), bytes]));

  const layoutBody = new Uint8Array(centroids.byteLength + listOf.byteLength);
  layoutBody.set(float32Bytes(centroids), 0);
  layoutBody.set(new Uint8Array(new Uint16Array(listOf).buffer), centroids.byteLength);
  objects.push([indexKeys.layout(model, scope, version), framed({ lists: k, dimensions: d, count: chunks.length }, layoutBody)]);

  const manifest: IndexManifest = {
    format: FORMAT,
    scope,
    model,
    version,
    dimensions: d,
    count: chunks.length,
    lists: members.map((m) => m.length),
    shards,
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
  };
  objects.push([indexKeys.manifest(model, scope, version), new TextEncoder().encode(JSON.stringify(manifest))]);
  return { manifest, objects };
}

function meanCentroid(matrix: Float32Array, count: number, d: number): Float32Array {
  const centroid = new Float32Array(d);
  for (let row = 0; row < count; row += 1) for (let i = 0; i < d; i += 1) centroid[i]! += matrix[row * d + i]!;
  return centroid;
}

function metaOf(c: StoredChunk): IndexedChunk {
  return { chunkKey: c.chunkKey, subject: c.subject, level: c.level ?? null, category: c.category, text: c.text, sourceKind: c.sourceKind, sourceId: c.sourceId, title: c.title };
}

/** Objects written at once while a build is stored. */
const PUT_CONCURRENCY = 16;

/** Builds and stores a scope's index: its objects, then its manifest, then the `latest` pointer. */
export async function writeScopeIndex(store: IndexStore, input: BuildInput): Promise<IndexManifest> {
  const { manifest, objects } = buildIndexObjects(input);
  const body = objects.slice(0, -1);
  let next = 0;
  const worker = async () => {
    while (next < body.length) {
      const [key, bytes] = body[next++]!;
      await store.put(key, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, body.length) }, worker));
  const [manifestKey, manifestBytes] = objects[objects.length - 1]!;
  await store.put(manifestKey, manifestBytes);
  await store.put(indexKeys.latest(input.model, input.scope), new TextEncoder().encode(JSON.stringify({ version: input.version })));
  return manifest;
}

/** The newest version built of a scope's index, if any. */
export async function latestVersion(store: IndexStore, model: string, scope: KbScope): Promise<number | undefined> {
  const bytes = await store.get(indexKeys.latest(model, scope));
  if (!bytes) return undefined;
  return latestSchema.parse(JSON.parse(new TextDecoder().decode(bytes))).version;
}

/** Opens a stored version (manifest and layout read now, lists and postings when a search needs them); undefined when not built. */
export async function openScopeIndex(store: IndexStore, model: string, scope: KbScope, version: number): Promise<ScopeIndex | undefined> {
  const [manifestBytes, layoutBytes] = await Promise.all([store.get(indexKeys.manifest(model, scope, version)), store.get(indexKeys.layout(model, scope, version))]);
  if (!manifestBytes || !layoutBytes) return undefined;
  const manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes)));
  const { body } = unframe(layoutBytes);
  const k = manifest.lists.length;
  const centroidBytes = k * manifest.dimensions * 4;
  const centroids = float32From(body.subarray(0, centroidBytes));
  const listBytes = new Uint8Array(manifest.count * 2);
  listBytes.set(body.subarray(centroidBytes, centroidBytes + manifest.count * 2));
  const listOf = new Uint16Array(listBytes.buffer);

  const lists = new Map<number, Promise<IndexList>>();
  const list = (n: number) => {
    let found = lists.get(n);
    if (!found) {
      found = store.get(indexKeys.list(model, scope, version, n)).then((bytes) => {
        if (!bytes) throw new Error(`Knowledge index list missing: ${indexKeys.list(model, scope, version, n)}`);
        return decodeList(bytes);
      });
      // A failed read is not kept: the next search reads it again.
      found.catch(() => lists.delete(n));
      lists.set(n, found);
    }
    return found;
  };
  const shards = new Map<number, Promise<Map<string, Posting>>>();
  const shard = (n: number) => {
    let found = shards.get(n);
    if (!found) {
      found = store.get(indexKeys.shard(model, scope, version, n)).then((bytes) => (bytes ? decodeShard(bytes) : new Map<string, Posting>()));
      found.catch(() => shards.delete(n));
      shards.set(n, found);
    }
    return found;
  };
  const postings = manifest.shards > 0 ? async (term: string) => (await shard(shardOf(term, manifest.shards))).get(term) : undefined;
  return { manifest, centroids, listOf, list, postings };
}

export function decodeList(bytes: Uint8Array): IndexList {
  const { header, body } = unframe(bytes);
  const parsed = listHeaderSchema.parse(header);
  const chunks = parsed.chunks as IndexedChunk[];
  return {
    ordinals: Uint32Array.from(parsed.ordinals),
    chunks,
    lowered: chunks.map((c) => `${c.title} ${c.text}`.toLowerCase()),
    vectors: float32From(body),
  };
}

/** An index held in memory only, one list (the exact search of a scope with no stored index yet). */
export function memoryScopeIndex(input: BuildInput): ScopeIndex {
  const { manifest, objects } = buildIndexObjects({ ...input, exact: true });
  const byKey = new Map(objects);
  const listBytes = byKey.get(indexKeys.list(input.model, input.scope, input.version, 0));
  const decoded = listBytes ? decodeList(listBytes) : undefined;
  const shards = Array.from({ length: manifest.shards }, (_, n) => decodeShard(byKey.get(indexKeys.shard(input.model, input.scope, input.version, n))!));
  const empty: IndexList = { ordinals: new Uint32Array(), chunks: [], lowered: [], vectors: new Float32Array() };
  return {
    manifest,
    centroids: new Float32Array(manifest.dimensions),
    listOf: new Uint16Array(manifest.count),
    list: async () => decoded ?? empty,
    postings: manifest.shards > 0 ? async (term) => shards[shardOf(term, manifest.shards)]!.get(term) : undefined,
  };
}
