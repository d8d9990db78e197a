import { contentTerms, relatedTerm } from './nlp.ts';
import { queryNames } from './passage-score.ts';
import type { Passage } from './types.ts';
import type { WordVectors } from './word-vectors.ts';

/**
 * The second stage of a search: the best RERANK_DEPTH passages of the first (the fused vector
 * and keyword score) reordered by how well each covers the names of the question, what it is
 * about ("Ghana", "Methodism", "Confucius", "Bahá'í"). The first stage's sentence vector blurs
 * a name with the question's other words ("founder", "regarded", "calendar") and its BM25 knows
 * only the exact word, so "Who is regarded as the founder of Methodism?" found the founder of
 * Taoism first. Here a name counts in full when the passage has it or a word of its family
 * ("Buddha" and "Buddhism"; "Confucius" and "Confucian"), and by their closeness, at most 0.7,
 * for a word the word vectors put next to it ("Methodism" and "Protestantism", "Ghana" and
 * "Mali").
 * A name most candidates have ("Britain") weighs less than one few have ("Ghana").
 *
 * The name score is added to the passage's similarity as a bonus (as the first stage's name
 * bonus is), so a threshold keeps its meaning; passages are ordered by the whole score (ties in
 * the first stage's order) and report a similarity of at most 1. Measured on the retrieval check
 * and the tutor evaluation (docs/ai.md); a share of the question's other words and the
 * closeness of years were tried as further bonuses and made both worse.
 *
 * A passage that states a period holding a year the question asks about ("the Hundred Years'
 * War (1337-1453)" for "in 1429") gains YEAR_SPAN_WEIGHT: the first stage matches a year only
 * as the same word, and a year inside a stated war, reign or dynasty places the passage in the
 * question's time where a mere nearby year does not.
 */

/** How many of the first stage's passages are reordered. */
export const RERANK_DEPTH = 30;

/** What a passage covering every name of the question adds to its similarity. */
export const NAME_RERANK_WEIGHT = 0.35;

/** What a passage stating a period that holds one of the question's years adds to its similarity. */
export const YEAR_SPAN_WEIGHT = 0.05;

/** A period longer than this (in years) places nothing in time. */
const SPAN_MAX_YEARS = 150;

/** A number of 3 or 4 digits, not part of a longer number ("1,500") nor before BC/BCE. */
const YEAR = /(?<![\d,.])(\d{3,4})(?!\d|,\d|\s*B\.?C)/g;
/** "1337-1453", "1839-42", "1558 to 1603", "1347 to about 1351". */
const SPAN = /(?<![\d,.])(\d{3,4})\s*(?:[-–—]|to(?:\s+(?:about|around|c\.))?)\s*(\d{2,4})(?!\d|,\d|\s*B\.?C)/g;

/** The years (CE) a question names. */
export function queryYears(query: string): number[] {
  return [...new Set([...query.matchAll(YEAR)].map((m) => Number(m[1])).filter((year) => year >= 100 && year <= 2100))];
}

/** The periods a passage states, as [first, last] years; a short end takes the start's century ("1839-42"). */
export function statedSpans(text: string): [number, number][] {
  return [...text.matchAll(SPAN)].flatMap((m): [number, number][] => {
    const [from, to] = [m[1]!, m[2]!];
    const start = Number(from);
    const end = Number(to.length < from.length ? from.slice(0, from.length - to.length) + to : to);
    return end > start && end - start <= SPAN_MAX_YEARS ? [[start, end]] : [];
  });
}

/** Unit word vectors by word (lower case), where the provider has them (the embedded one). */
export type WordVectorOf = (word: string) => Float32Array | undefined;

/** The lookup over the embedded provider's word vectors (rows are unit length). */
export function wordVectorLookup(vectors: WordVectors): WordVectorOf {
  return (word) => {
    const row = vectors.indexOf(word);
    return row === undefined ? undefined : vectors.data.subarray(row * vectors.dimensions, (row + 1) * vectors.dimensions);
  };
}

/** What a word-vector neighbour of a name counts for at most (a word of its family counts in full). */
const NEIGHBOUR_MAX = 0.7;
/**
 * Word-vector closeness below which a word is no evidence for a name: from 0.5, Peru and Ecuador
 * (0.52, 0.51) and Sudan (0.58) stood for Ghana; the Mali Empire (0.78) still does.
 */
const NEIGHBOUR_MIN = 0.6;
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

/** 0..1: how well a passage's words stand for one name. */
export function nameEvidence(name: string, terms: ReadonlySet<string>, vectorOf?: WordVectorOf): number {
  if (terms.has(name)) return 1;
  if (relatedTerm(name, terms)) return 1;
  const vector = vectorOf?.(name);
  if (!vector) return 0;
  let best = 0;
  for (const term of terms) {
    const other = vectorOf!(term);
    if (other) best = Math.max(best, dot(vector, other));
  }
  return best >= NEIGHBOUR_MIN ? Math.min(best, NEIGHBOUR_MAX) : 0;
}

export function rerankPassages<P extends Passage>(query: string, passages: readonly P[], options: { weight?: number; vectorOf?: WordVectorOf } = {}): P[] {
  const names = queryNames(query);
  const years = queryYears(query);
  if (passages.length < 2 || (names.length === 0 && years.length === 0)) return [...passages];
  const weight = options.weight ?? NAME_RERANK_WEIGHT;
  const evidence = passages.map((p) => {
    // Title and text apart: each was analysed when the keyword index was built, and is cached.
    const terms = new Set([...contentTerms(p.source.title), ...contentTerms(p.text)]);
    return names.map((name) => nameEvidence(name, terms, options.vectorOf));
  });
  // A name most candidates have ("Britain") tells them apart less than one few have ("Ghana").
  const rarity = names.map((_, n) => Math.log(1 + passages.length / (1 + evidence.filter((e) => e[n]! === 1).length)));
  const total = rarity.reduce((a, b) => a + b, 0);
  const scored = passages.map((passage, i) => {
    const named = total > 0 ? evidence[i]!.reduce((sum, e, n) => sum + rarity[n]! * e, 0) / total : 0;
    const inPeriod = years.length > 0 && statedSpans(passage.text).some(([start, end]) => years.some((year) => year >= start && year <= end));
    return { passage, score: passage.similarity + weight * named + (inPeriod ? YEAR_SPAN_WEIGHT : 0), i };
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map(({ passage, score }) => ({ ...passage, similarity: Math.round(Math.min(1, score) * 10000) / 10000 }));
}
