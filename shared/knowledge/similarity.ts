/**
 * Similarity arithmetic of the knowledge base (docs/ai.md): exact cosine over unit vectors, the fusion of vector and keyword scores,
 * and the threshold and top-k cut.
 */
export const SIMILARITY_THRESHOLDS = [0.3, 0.5, 0.7] as const;
export const DEFAULT_THRESHOLD = 0.5;
export const DEFAULT_MAX_RESULTS = 5;
/** search_similar_questions: threshold 0.5, 5 results. */
export const QUESTION_THRESHOLD = 0.5;
export const QUESTION_MAX_RESULTS = 5;
/** Context chunks below this are never used to ground an answer. */
export const CONTEXT_CUTOFF = 0.3;

/** Dot product of `query` with row `row` of a packed matrix; for unit vectors, their cosine. */
export function dotRow(query: Float32Array, matrix: Float32Array, row: number): number {
  const d = query.length;
  const offset = row * d;
  let sum = 0;
  for (let i = 0; i < d; i += 1) sum += query[i]! * matrix[offset + i]!;
  return sum;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** How much the keyword score counts in the hybrid (the rest is the vector's). */
export const LEXICAL_WEIGHT = 0.4;
/** A BM25 score of this size counts as half a match. */
export const LEXICAL_HALF = 6;

/**
 * The hybrid similarity, 0..1: the cosine (negative counts as 0) blended with the BM25 score
 * squashed to 0..1 by s / (s + LEXICAL_HALF). With no keyword index (a model's embeddings in
 * AWS) the cosine alone.
 */
export function fuse(cosineScore: number, bm25: number | undefined): number {
  const vector = Math.max(0, Math.min(1, cosineScore));
  if (bm25 === undefined) return vector;
  const lexical = bm25 > 0 ? bm25 / (bm25 + LEXICAL_HALF) : 0;
  return (1 - LEXICAL_WEIGHT) * vector + LEXICAL_WEIGHT * lexical;
}

export interface Ranked<T> {
  readonly item: T;
  readonly similarity: number;
}

/** Items at or above the threshold, best first, at most `max` (ties keep input order). */
export function topK<T>(ranked: readonly Ranked<T>[], threshold: number, max: number): Ranked<T>[] {
  return ranked
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.similarity >= threshold)
    .sort((a, b) => b.r.similarity - a.r.similarity || a.i - b.i)
    .slice(0, max)
    .map(({ r }) => r);
}
