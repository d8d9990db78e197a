import { describe, expect, it } from 'vitest';
import { cosine, DEFAULT_MAX_RESULTS, DEFAULT_THRESHOLD, dotRow, fuse, LEXICAL_HALF, LEXICAL_WEIGHT, QUESTION_MAX_RESULTS, QUESTION_THRESHOLD, SIMILARITY_THRESHOLDS, topK } from './similarity.ts';

describe('the spec\'s numbers (3-learning §9)', () => {
  it('thresholds 0.3, 0.5, 0.7 with 0.5 by default, 5 results; similar questions 0.5 and 5', () => {
    expect(SIMILARITY_THRESHOLDS).toEqual([0.3, 0.5, 0.7]);
    expect([DEFAULT_THRESHOLD, DEFAULT_MAX_RESULTS, QUESTION_THRESHOLD, QUESTION_MAX_RESULTS]).toEqual([0.5, 5, 0.5, 5]);
  });
});

describe('cosine', () => {
  it.each([
    [[1, 0], [1, 0], 1],
    [[1, 0], [0, 1], 0],
    [[1, 0], [-1, 0], -1],
    [[3, 4], [6, 8], 1],
    [[0, 0], [1, 0], 0],
  ])('%o · %o = %d', (a, b, expected) => {
    expect(cosine(Float32Array.from(a), Float32Array.from(b))).toBeCloseTo(expected, 6);
  });

  it('dotRow reads one row of a packed matrix', () => {
    const matrix = Float32Array.from([1, 0, 0, 1, 0.6, 0.8]);
    expect([0, 1, 2].map((row) => dotRow(Float32Array.from([0.6, 0.8]), matrix, row))).toEqual([expect.closeTo(0.6), expect.closeTo(0.8), expect.closeTo(1)]);
  });
});

describe('fuse: vector and BM25 scores', () => {
  it('is the clamped cosine when there is no keyword index', () => {
    expect(fuse(0.82, undefined)).toBe(0.82);
    expect(fuse(-0.2, undefined)).toBe(0);
    expect(fuse(1.0000001, undefined)).toBe(1);
  });

  it('blends in the BM25 score squashed to 0..1', () => {
    expect(fuse(0.8, 0)).toBeCloseTo((1 - LEXICAL_WEIGHT) * 0.8);
    expect(fuse(0.8, LEXICAL_HALF)).toBeCloseTo((1 - LEXICAL_WEIGHT) * 0.8 + LEXICAL_WEIGHT * 0.5);
    expect(fuse(1, 1e9)).toBeCloseTo(1, 5);
  });

  it('ranks a keyword match above a chunk only similar in vector space', () => {
    expect(fuse(0.75, 12)).toBeGreaterThan(fuse(0.85, 0));
  });
});

describe('topK', () => {
  const ranked = [0.31, 0.9, 0.5, 0.7, 0.69, 0.5].map((similarity, i) => ({ item: `c${i}`, similarity }));

  it.each([
    [0.3, 10, ['c1', 'c3', 'c4', 'c2', 'c5', 'c0']],
    [0.5, 10, ['c1', 'c3', 'c4', 'c2', 'c5']],
    [0.7, 10, ['c1', 'c3']],
    [0.3, 2, ['c1', 'c3']],
  ])('threshold %d, at most %d', (threshold, max, expected) => {
    expect(topK(ranked, threshold, max).map((r) => r.item)).toEqual(expected);
  });
});
