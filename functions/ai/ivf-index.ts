import { mulberry32 } from '#shared/hashing.ts';

/**
 * An inverted-file (IVF) index over unit vectors (docs/ai.md, "Search"): k-means centroids split
 * a scope's vectors into lists; a search scores the centroids and then only the chunks of the
 * nearest lists. Pure arithmetic and byte layouts; where the bytes live is index-store/, what a
 * scope's index holds is scope-index.ts.
 */

/** Below this many vectors one list holds them all: the search is exact. */
export const EXACT_BELOW = 2000;

/** k-means sees at most this many vectors per list while it moves the centroids (then all are assigned). */
const TRAINING_PER_LIST = 64;
const TRAINING_ROUNDS = 8;

/** A scope of `count` vectors is split in about √count lists (one list when it is small). */
export function listCountFor(count: number): number {
  if (count < EXACT_BELOW) return 1;
  return Math.min(65535, Math.round(Math.sqrt(count)));
}

/** How many lists a search scores: an eighth of them, at least 4 (all when there are few); see docs/benchmarks.md for the recall it gives. */
export function defaultProbes(lists: number): number {
  return Math.min(lists, Math.max(4, Math.ceil(lists / 8)));
}

function dot(a: Float32Array, aRow: number, b: Float32Array, bRow: number, d: number): number {
  const ao = aRow * d;
  const bo = bRow * d;
  let sum = 0;
  for (let i = 0; i < d; i += 1) sum += a[ao + i]! * b[bo + i]!;
  return sum;
}

/** The nearest centroid (largest dot product) of row `row` of `vectors`. */
function nearest(vectors: Float32Array, row: number, centroids: Float32Array, k: number, d: number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let c = 0; c < k; c += 1) {
    const score = dot(vectors, row, centroids, c, d);
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

function normaliseRow(matrix: Float32Array, row: number, d: number): void {
  let norm = 0;
  for (let i = 0; i < d; i += 1) norm += matrix[row * d + i]! ** 2;
  norm = Math.sqrt(norm);
  if (norm === 0) return;
  for (let i = 0; i < d; i += 1) matrix[row * d + i]! /= norm;
}

/**
 * Spherical k-means: centroids seeded by k-means++ on a sample, moved for a few rounds on the
 * sample, then every vector is assigned to its nearest centroid. `vectors` holds `count` rows of
 * `d` floats. A centroid left without vectors is moved onto a random vector of the sample.
 */
export function trainCentroids(vectors: Float32Array, count: number, d: number, k: number, seed = 1): Float32Array {
  // Seeded: the same chunks give the same lists on every build.
  const next = mulberry32(seed);
  const sampleSize = Math.min(count, k * TRAINING_PER_LIST);
  const sample = new Float32Array(sampleSize * d);
  // A sample spread over the whole scope (a stride with a random start), not its first rows.
  const stride = count / sampleSize;
  const offset = next() * stride;
  for (let s = 0; s < sampleSize; s += 1) {
    const row = Math.min(count - 1, Math.floor(offset + s * stride));
    sample.set(vectors.subarray(row * d, row * d + d), s * d);
  }

  const centroids = new Float32Array(k * d);
  // k-means++: each next seed drawn with a weight of its distance (1 - cosine) to the nearest seed so far.
  const distance = new Float64Array(sampleSize).fill(Infinity);
  let chosen = Math.floor(next() * sampleSize);
  for (let c = 0; c < k; c += 1) {
    centroids.set(sample.subarray(chosen * d, chosen * d + d), c * d);
    let total = 0;
    for (let s = 0; s < sampleSize; s += 1) {
      const far = Math.max(0, 1 - dot(sample, s, centroids, c, d));
      if (far < distance[s]!) distance[s] = far;
      total += distance[s]!;
    }
    if (total <= 0) {
      chosen = Math.floor(next() * sampleSize);
      continue;
    }
    let pick = next() * total;
    chosen = sampleSize - 1;
    for (let s = 0; s < sampleSize; s += 1) {
      pick -= distance[s]!;
      if (pick <= 0) {
        chosen = s;
        break;
      }
    }
  }

  const assignment = new Int32Array(sampleSize);
  for (let round = 0; round < TRAINING_ROUNDS; round += 1) {
    for (let s = 0; s < sampleSize; s += 1) assignment[s] = nearest(sample, s, centroids, k, d);
    const sums = new Float32Array(k * d);
    const sizes = new Int32Array(k);
    for (let s = 0; s < sampleSize; s += 1) {
      const c = assignment[s]!;
      sizes[c]! += 1;
      for (let i = 0; i < d; i += 1) sums[c * d + i]! += sample[s * d + i]!;
    }
    for (let c = 0; c < k; c += 1) {
      if (sizes[c] === 0) {
        const s = Math.floor(next() * sampleSize);
        sums.set(sample.subarray(s * d, s * d + d), c * d);
      }
      normaliseRow(sums, c, d);
    }
    centroids.set(sums);
  }
  return centroids;
}

/** Each vector's list: the nearest of the centroids. */
export function assignLists(vectors: Float32Array, count: number, d: number, centroids: Float32Array): Uint16Array {
  const k = centroids.length / d;
  const listOf = new Uint16Array(count);
  for (let row = 0; row < count; row += 1) listOf[row] = nearest(vectors, row, centroids, k, d);
  return listOf;
}

/** The `probes` lists whose centroids are nearest the query, nearest first. */
export function nearestLists(query: Float32Array, centroids: Float32Array, probes: number): number[] {
  const d = query.length;
  const k = centroids.length / d;
  const scores: { list: number; score: number }[] = [];
  for (let c = 0; c < k; c += 1) scores.push({ list: c, score: dot(query, 0, centroids, c, d) });
  return scores
    .sort((a, b) => b.score - a.score || a.list - b.list)
    .slice(0, probes)
    .map((s) => s.list);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Float32 values as little-endian bytes (the stored format on every host). */
export function float32Bytes(values: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

/** Little-endian bytes back to Float32 values (copied: the bytes need not be aligned). */
export function float32From(bytes: Uint8Array): Float32Array {
  const count = Math.floor(bytes.byteLength / 4);
  if (LITTLE_ENDIAN) {
    const copy = new Uint8Array(count * 4);
    copy.set(bytes.subarray(0, count * 4));
    return new Float32Array(copy.buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: count }, (_, i) => view.getFloat32(i * 4, true));
}

/**
 * An object of a JSON header and a binary body: [u32 header length][header, UTF-8][zero padding
 * to 8 bytes][body]. The header holds what is text (chunks' metadata, terms), the body numbers.
 */
export function framed(header: unknown, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((4 + head.byteLength) / 8) * 8;
  const out = new Uint8Array(start + body.byteLength);
  new DataView(out.buffer).setUint32(0, head.byteLength, true);
  out.set(head, 4);
  out.set(body, start);
  return out;
}

export function unframe(bytes: Uint8Array): { header: unknown; body: Uint8Array } {
  if (bytes.byteLength < 4) throw new Error('Index object too short');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + length > bytes.byteLength) throw new Error('Index object header cut short');
  const header: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  const start = Math.ceil((4 + length) / 8) * 8;
  return { header, body: bytes.subarray(start) };
}
