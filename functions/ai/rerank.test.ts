import { describe, expect, it } from 'vitest';
import { YEAR_SPAN_WEIGHT, nameEvidence, queryYears, rerankPassages, statedSpans } from './rerank.ts';
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

  it('puts a passage whose stated period holds the year asked about before one that only shares the names', () => {
    const first = [
      passage('revolution', 'The French Revolution began in 1789 with the storming of the Bastille.', 0.66),
      passage('war', 'The Hundred Years’ War (1337-1453) was fought between England and France over the French throne.', 0.63),
    ];
    const reranked = rerankPassages('Which French heroine helped to lift the siege of Orléans in 1429?', first);
    expect(reranked.map((p) => p.chunkId)).toEqual(['war', 'revolution']);
    // A year outside every stated period, or a question without one, leaves the order alone.
    expect(rerankPassages('Which French heroine helped to lift a siege in 1290?', first).map((p) => p.chunkId)).toEqual(['revolution', 'war']);
    expect(rerankPassages('Which French heroine helped to lift a siege?', first).map((p) => p.chunkId)).toEqual(['revolution', 'war']);
  });

  it('reranks by a year alone when the question names nothing, by exactly the period weight', () => {
    const first = [passage('a', 'Printing spread quickly in the 1450s.', 0.7), passage('b', 'The plague swept through from 1347 to about 1351.', 0.68)];
    const reranked = rerankPassages('what disease spread in 1349?', first);
    expect(reranked.map((p) => p.chunkId)).toEqual(['b', 'a']);
    expect(reranked[0]!.similarity).toBeCloseTo(0.68 + YEAR_SPAN_WEIGHT, 4);
  });

  it('reads years and stated periods, not counts, BCE dates or periods too long to place anything', () => {
    expect(queryYears('Which French heroine lifted the siege of Orléans in 1429?')).toEqual([1429]);
    expect(queryYears('Which rebellion in China (1850-1864) cost over 1,500,000 lives?')).toEqual([1850, 1864]);
    expect(queryYears('Who founded Rome in 753 BCE, with 12 followers?')).toEqual([]);
    expect(statedSpans('The Hundred Years’ War (1337-1453); the Opium Wars of 1839-42 and 1856–60; she reigned from 1558 to 1603.')).toEqual([
      [1337, 1453],
      [1839, 1842],
      [1856, 1860],
      [1558, 1603],
    ]);
    expect(statedSpans('The Black Death lasted from 1347 to about 1351.')).toEqual([[1347, 1351]]);
    expect(statedSpans('Pages 1200-1100; an empire from 1000 to 1800; about 2,000 to 3,000 people; 500 BCE to 300 BCE.')).toEqual([]);
  });
});
