import { describe, expect, it } from 'vitest';
import { nameEvidence, rerankPassages } from './rerank.ts';
import type { Passage } from './types.ts';

const passage = (id: string, text: string, similarity: number, title = text): Passage => ({
  chunkId: id,
  text,
  subject: 'religion',
  category: id,
  source: { kind: 'question', id, title },
  similarity,
});

/** Two-dimensional unit vectors: "methodism" points close to "protestantism", away from "taoism". */
const vectors: Record<string, Float32Array> = {
  methodism: new Float32Array([1, 0]),
  protestantism: new Float32Array([0.8, 0.6]),
  taoism: new Float32Array([0, 1]),
};
const vectorOf = (word: string) => vectors[word];

describe('the second stage of a search', () => {
  it('puts first a passage about what the question names, over one that only shares its other words', () => {
    const first = [
      passage('taoism', 'Which figure is regarded as the founder of Taoism? Laozi.', 0.64),
      passage('calvin', 'Calvin’s Institutes became a foundational text of Reformed Protestantism.', 0.4),
    ];
    const reranked = rerankPassages('Who is regarded as the founder of Methodism?', first, { vectorOf });
    expect(reranked.map((p) => p.chunkId)).toEqual(['calvin', 'taoism']);
    expect(reranked[0]!.similarity).toBeGreaterThan(0.4);
    expect(reranked[0]!.similarity).toBeLessThanOrEqual(1);
  });

  it('counts a name or a word of its family in full, a word-vector neighbour by its closeness up to 0.7', () => {
    expect(nameEvidence('confucius', new Set(['confucius']))).toBe(1);
    expect(nameEvidence('confucius', new Set(['confucian', 'virtue']))).toBe(1);
    expect(nameEvidence('methodism', new Set(['protestantism']), vectorOf)).toBeCloseTo(0.7);
    expect(nameEvidence('methodism', new Set(['taoism']), vectorOf)).toBe(0);
    expect(nameEvidence('methodism', new Set(['protestantism']))).toBe(0);
  });

  it('keeps the first stage’s order when the question names nothing, and never raises a similarity above 1', () => {
    const first = [passage('a', 'The Nile floods every year.', 0.9), passage('b', 'Rivers flood in spring.', 0.8)];
    expect(rerankPassages('why do rivers flood every year?', first).map((p) => p.chunkId)).toEqual(['a', 'b']);
    const named = rerankPassages('Where does the Nile flood?', [passage('a', 'The Nile floods.', 0.95), passage('b', 'Floods.', 0.96)]);
    expect(named[0]!.chunkId).toBe('a');
    expect(named[0]!.similarity).toBe(1);
  });
});
