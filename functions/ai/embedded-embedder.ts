import { EMBEDDED_EMBEDDER_ID } from './embedder-ids.ts';
import { analyse } from './nlp.ts';
import type { Embedder } from './types.ts';
import { wordVectors, type WordVectors } from './word-vectors.ts';

/**
 * Sentence vectors from pretrained word vectors: the weighted mean of the unit vectors of a
 * text's words, scaled to unit length. Words are weighted by rarity (the vocabulary is in
 * frequency order, so a word's rank stands in for its corpus frequency, as in SIF weighting:
 * rank / (rank + 400)), which lets "the" and "of" fade and names and nouns carry the meaning.
 * A text with no known word gets the zero vector (similar to nothing).
 */
export { EMBEDDED_EMBEDDER_ID };

const RANK_SMOOTHING = 400;

export function embedText(text: string, vectors: WordVectors): Float32Array {
  const { dimensions, data } = vectors;
  const out = new Float32Array(dimensions);
  if (!text.trim()) return out;
  for (const token of analyse(text).tokens) {
    if (token.type !== 'word' && token.type !== 'number') continue;
    const row = vectors.indexOf(token.normal) ?? vectors.indexOf(token.lemma);
    if (row === undefined) continue;
    const weight = row / (row + RANK_SMOOTHING);
    const offset = row * dimensions;
    for (let d = 0; d < dimensions; d += 1) out[d]! += weight * data[offset + d]!;
  }
  return normalise(out);
}

export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let d = 0; d < vector.length; d += 1) norm += vector[d]! * vector[d]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let d = 0; d < vector.length; d += 1) vector[d]! /= norm;
  return vector;
}

export function embeddedEmbedder(): Embedder {
  const vectors = wordVectors();
  return {
    id: EMBEDDED_EMBEDDER_ID,
    dimensions: vectors.dimensions,
    embed: async (texts) => texts.map((text) => embedText(text, vectors)),
  };
}
