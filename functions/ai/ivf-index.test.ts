import { describe, expect, it } from 'vitest';
import { assignLists, defaultProbes, float32Bytes, float32From, framed, listCountFor, nearestLists, trainCentroids, unframe } from './ivf-index.ts';

/** Unit vectors around `clusters` random centres (a topic's passages sit near each other). */
function clustered(count: number, d: number, clusters: number, seed: number): Float32Array {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  const centres = Array.from({ length: clusters }, () => Float32Array.from({ length: d }, next));
  const out = new Float32Array(count * d);
  for (let row = 0; row < count; row += 1) {
    const centre = centres[row % clusters]!;
    let norm = 0;
    for (let i = 0; i < d; i += 1) {
      const v = centre[i]! + next() * 0.6;
      out[row * d + i] = v;
      norm += v * v;
    }
    for (let i = 0; i < d; i += 1) out[row * d + i]! /= Math.sqrt(norm);
  }
  return out;
}

function topByDot(query: Float32Array, vectors: Float32Array, rows: Iterable<number>, d: number, k: number): number[] {
  const scored: [number, number][] = [];
  for (const row of rows) {
    let s = 0;
    for (let i = 0; i < d; i += 1) s += query[i]! * vectors[row * d + i]!;
    scored.push([row, s]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([row]) => row);
}

describe('IVF index', () => {
  it('is exact (one list) for a small scope and about √N lists beyond', () => {
    expect(listCountFor(1500)).toBe(1);
    expect(listCountFor(20_000)).toBe(141);
    expect(listCountFor(100_000)).toBe(316);
    expect(defaultProbes(1)).toBe(1);
    expect(defaultProbes(316)).toBe(40);
  });

  it('finds at least 98 % of the exact top 10 while scoring a fraction of the vectors', () => {
    const d = 32;
    const count = 6000;
    const vectors = clustered(count, d, 60, 7);
    const k = listCountFor(count);
    const centroids = trainCentroids(vectors, count, d, k);
    const listOf = assignLists(vectors, count, d, centroids);
    const members: number[][] = Array.from({ length: k }, () => []);
    listOf.forEach((list, row) => members[list]!.push(row));
    expect(members.filter((m) => m.length > 0).length).toBeGreaterThan(k * 0.8);

    const queries = clustered(50, d, 60, 99);
    let found = 0;
    let scored = 0;
    for (let q = 0; q < 50; q += 1) {
      const query = queries.subarray(q * d, q * d + d);
      const exact = topByDot(query, vectors, Array.from({ length: count }, (_, i) => i), d, 10);
      const rows = nearestLists(query, centroids, defaultProbes(k)).flatMap((list) => members[list]!);
      scored += rows.length;
      const approximate = new Set(topByDot(query, vectors, rows, d, 10));
      found += exact.filter((row) => approximate.has(row)).length;
    }
    expect(found / 500).toBeGreaterThanOrEqual(0.98);
    expect(scored / 50).toBeLessThan(count / 3);
  });

  it('keeps vectors and headers through their bytes', () => {
    const values = Float32Array.from([0.5, -1.25, 3e-7, 42]);
    expect([...float32From(float32Bytes(values))]).toEqual([...values]);
    const bytes = framed({ ordinals: [3, 9], name: 'Perú' }, float32Bytes(values));
    const { header, body } = unframe(bytes);
    expect(header).toEqual({ ordinals: [3, 9], name: 'Perú' });
    expect([...float32From(body)]).toEqual([...values]);
    expect(() => unframe(bytes.subarray(0, 6))).toThrow(/cut short/);
  });
});
