import { contentTerms } from './nlp.ts';
import { framed, unframe } from './ivf-index.ts';

/**
 * BM25 keyword scores from postings built ahead (docs/ai.md, "Search"): the same arithmetic as
 * the wink-bm25-text-search index the search built per container before (fields text ×1 and
 * title ×2, k1 1.2, b 0.75, idf ln((N − n + 0.5) / (n + 0.5) + 1), each term's weight in a
 * chunk rounded to 4 places, a query term counted once per occurrence), so fused scores do not
 * move. The postings keep each term's frequencies, and a search weighs the terms it reads with
 * the scope's current count and lengths, so chunks can be added without rewriting every term.
 * Postings are split in shards by a hash of the term: a search reads only its terms' shards.
 */
export const FIELD_WEIGHTS = { text: 1, title: 2 } as const;
const K1 = 1.2;
const B = 0.75;
/** wink's `k` in the idf: keeps it above 0 for a term in most chunks. */
const IDF_K = 1;
/** wink's consolidate(4): each weight to 4 places. */
const PRECISION = 4;
/** BM25 needs a few chunks to mean anything (wink refuses fewer than 3). */
export const MIN_CHUNKS = 3;
/** About this many postings a shard. */
const POSTINGS_PER_SHARD = 40_000;

export interface KeywordSource {
  readonly title: string;
  readonly text: string;
}

/** A term's postings: the chunks' ordinals (ascending) and their weights. */
export interface Posting {
  readonly ordinals: Uint32Array;
  readonly weights: Float64Array;
}

export type Tokenise = (text: string) => string[];

/** A term's postings as stored: the chunks' ordinals (ascending) and the term's weighted frequency in each. */
export interface TermPosting {
  readonly ordinals: Uint32Array;
  readonly freqs: Float64Array;
}

/** What BM25 needs of the whole scope beside the postings: how many chunks, and their lengths. */
export interface CorpusStats {
  readonly count: number;
  /** The sum of the chunks' weighted lengths (their average is this over `count`). */
  readonly totalLength: number;
  /** Each ordinal's weighted length. */
  readonly lengths: ArrayLike<number>;
}

/**
 * The term frequencies of `docs` (`docs[i]` has ordinal `first + i`) and each one's weighted
 * length. Stored so, not as weights: a chunk added later changes every weight (the idf and the
 * average length), so weights are worked out when a search reads a term (`weigh`).
 */
export function termFrequencies(docs: readonly KeywordSource[], tokenise: Tokenise = contentTerms, first = 0): { postings: Map<string, TermPosting>; lengths: Float64Array } {
  const lists = new Map<string, { ordinals: number[]; freqs: number[] }>();
  const lengths = new Float64Array(docs.length);
  docs.forEach((doc, i) => {
    const freq = new Map<string, number>();
    let length = 0;
    for (const field of ['text', 'title'] as const) {
      const weight = FIELD_WEIGHTS[field];
      const terms = tokenise(doc[field]);
      for (const term of terms) freq.set(term, (freq.get(term) ?? 0) + weight);
      length += terms.length * weight;
    }
    lengths[i] = length;
    for (const [term, f] of freq) {
      let list = lists.get(term);
      if (!list) lists.set(term, (list = { ordinals: [], freqs: [] }));
      list.ordinals.push(first + i);
      list.freqs.push(f);
    }
  });
  const postings = new Map<string, TermPosting>();
  for (const [term, list] of lists) postings.set(term, { ordinals: Uint32Array.from(list.ordinals), freqs: Float64Array.from(list.freqs) });
  return { postings, lengths };
}

/** A term's BM25 weights in its chunks, as wink's consolidate(4) leaves them. */
export function weigh(posting: TermPosting, stats: CorpusStats): Posting {
  const n = posting.ordinals.length;
  const idf = Math.log((stats.count - n + 0.5) / (n + 0.5) + IDF_K);
  const average = stats.totalLength / stats.count;
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const f = posting.freqs[i]!;
    const norm = 1 - B + B * (stats.lengths[posting.ordinals[i]!]! / average);
    weights[i] = Number((Math.abs((f * (K1 + 1)) / (K1 * norm + f)) * idf).toFixed(PRECISION));
  }
  return { ordinals: posting.ordinals, weights };
}

/** The postings of `docs`, by term; `docs[i]` has ordinal i. Undefined below MIN_CHUNKS. */
export function buildPostings(docs: readonly KeywordSource[], tokenise: Tokenise = contentTerms): Map<string, Posting> | undefined {
  if (docs.length < MIN_CHUNKS) return undefined;
  const { postings, lengths } = termFrequencies(docs, tokenise);
  const stats = { count: docs.length, totalLength: lengths.reduce((a, b) => a + b, 0), lengths };
  const weighted = new Map<string, Posting>();
  for (const [term, posting] of postings) weighted.set(term, weigh(posting, stats));
  return weighted;
}

/**
 * The best `limit` chunks for the query, [ordinal, score], best first; ties in the order the
 * chunks were first reached (as wink ranks them). `lookup` gives a term's postings.
 */
export async function searchPostings(query: string, limit: number, lookup: (term: string) => Promise<Posting | undefined>, tokenise: Tokenise = contentTerms): Promise<[number, number][]> {
  const terms = tokenise(query);
  if (terms.length === 0) return [];
  const found = (await Promise.all(terms.map((t) => lookup(t)))).filter((p) => p !== undefined);
  // Scores in a typed array by ordinal, and the ordinals in the order first reached (wink's order among equal scores).
  let size = 0;
  let reached = 0;
  for (const posting of found) {
    reached += posting.ordinals.length;
    if (posting.ordinals.length) size = Math.max(size, posting.ordinals[posting.ordinals.length - 1]! + 1);
  }
  const scores = new Float64Array(size);
  const seen = new Uint8Array(size);
  const order = new Uint32Array(reached);
  let count = 0;
  for (const posting of found) {
    for (let i = 0; i < posting.ordinals.length; i += 1) {
      const ordinal = posting.ordinals[i]!;
      if (!seen[ordinal]) {
        seen[ordinal] = 1;
        order[count++] = ordinal;
      }
      scores[ordinal] = posting.weights[i]! + scores[ordinal]!;
    }
  }
  return best(order.subarray(0, count), scores, Math.max(limit, 1));
}

/**
 * The `limit` best of `ordinals` by score, best first, ties in their order: what a stable sort
 * by score then a slice gives, without sorting every chunk a common term reaches (a quarter of a subject).
 */
function best(ordinals: Uint32Array, scores: Float64Array, limit: number): [number, number][] {
  const top: [number, number][] = [];
  for (const ordinal of ordinals) {
    const score = scores[ordinal]!;
    if (top.length === limit && score <= top[limit - 1]![1]) continue;
    // After every entry of the same score or better: ties keep their order.
    let low = 0;
    let high = top.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (top[mid]![1] >= score) low = mid + 1;
      else high = mid;
    }
    top.splice(low, 0, [ordinal, score]);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** FNV-1a of the term: which shard holds it. */
export function shardOf(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i += 1) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

export function shardCountFor(postings: ReadonlyMap<string, TermPosting>): number {
  let total = 0;
  for (const p of postings.values()) total += p.ordinals.length;
  return Math.max(1, Math.ceil(total / POSTINGS_PER_SHARD));
}

/** Shard bytes: a header of [term, first posting, count] and a body of f64 frequencies then u32 ordinals. */
export function encodeShards(postings: ReadonlyMap<string, TermPosting>, shards: number): Uint8Array[] {
  const groups: [string, TermPosting][][] = Array.from({ length: shards }, () => []);
  for (const entry of postings) groups[shardOf(entry[0], shards)]!.push(entry);
  return groups.map(encodeShard);
}

/** One shard's bytes (its terms' postings). */
export function encodeShard(entries: Iterable<[string, TermPosting]>): Uint8Array {
  const list = [...entries];
  const count = list.reduce((sum, [, p]) => sum + p.ordinals.length, 0);
  const freqs = new Float64Array(count);
  const ordinals = new Uint32Array(count);
  const header: [string, number, number][] = [];
  let at = 0;
  for (const [term, p] of list) {
    header.push([term, at, p.ordinals.length]);
    ordinals.set(p.ordinals, at);
    freqs.set(p.freqs, at);
    at += p.ordinals.length;
  }
  // Frequencies first: the body starts 8-byte aligned in the object.
  const body = new Uint8Array(count * 12);
  body.set(bytesOf(freqs), 0);
  body.set(bytesOf(ordinals), count * 8);
  return framed(header, body);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function bytesOf(values: Float64Array | Uint32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const size = values.BYTES_PER_ELEMENT;
  const out = new Uint8Array(values.length * size);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => (size === 8 ? view.setFloat64(i * 8, v, true) : view.setUint32(i * 4, v, true)));
  return out;
}

export function decodeShard(bytes: Uint8Array): Map<string, TermPosting> {
  const { header, body } = unframe(bytes);
  if (!Array.isArray(header)) throw new Error('Postings shard header is not a list');
  const entries = header as [string, number, number][];
  const count = entries.reduce((sum, e) => sum + e[2], 0);
  if (body.byteLength < count * 12) throw new Error('Postings shard cut short');
  const copy = new Uint8Array(count * 12);
  copy.set(body.subarray(0, count * 12));
  const view = new DataView(copy.buffer);
  const weights = LITTLE_ENDIAN ? new Float64Array(copy.buffer, 0, count) : Float64Array.from({ length: count }, (_, i) => view.getFloat64(i * 8, true));
  const ordinals = LITTLE_ENDIAN ? new Uint32Array(copy.buffer, count * 8, count) : Uint32Array.from({ length: count }, (_, i) => view.getUint32(count * 8 + i * 4, true));
  const out = new Map<string, TermPosting>();
  for (const [term, at, n] of entries) out.set(term, { ordinals: ordinals.subarray(at, at + n), freqs: weights.subarray(at, at + n) });
  return out;
}
