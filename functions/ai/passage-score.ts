import { analyse } from './nlp.ts';

/**
 * How a passage is scored against a query, apart from where its vectors and keyword scores
 * come from (functions/ai/knowledge-base.ts reads those): the fused score, or the text match
 * when there is no query vector, plus a bonus for the query's names.
 */

/** What a passage naming every name of the query adds to its similarity (a share of it for some of them). */
export const NAME_MATCH_WEIGHT = 0.1;

/**
 * The names in a query, lower case: capitalised words after its first ("Jewish", "Bahá'í",
 * "Armada"). The word vectors blur a name into its neighbours (Jewish, Jain, Christian) and BM25
 * weighs it like any rare word, so a passage that names them is ranked up.
 */
export function queryNames(query: string): string[] {
  return [...new Set(analyse(query).tokens.filter((t, i) => i > 0 && t.type === 'word' && !t.stop && /^\p{Lu}/u.test(t.value)).map((t) => t.normal))];
}

/** The ranking bonus of a passage (its title and text, lower case) for the query's names. */
export function nameMatch(names: readonly string[], lowered: string): number {
  if (names.length === 0) return 0;
  return (NAME_MATCH_WEIGHT * names.filter((n) => lowered.includes(n)).length) / names.length;
}

/**
 * The share of the query's content words found in the chunk, case-insensitively; a word in its
 * title counts half again (Mongolia's fact sheet before China's, which names Mongolia too).
 */
export function textMatch(words: readonly string[], title: string, text: string): number {
  if (words.length === 0) return 0;
  const whole = `${title} ${text}`.toLowerCase();
  const lowTitle = title.toLowerCase();
  const found = words.reduce((sum, w) => sum + (whole.includes(w) ? 1 : 0) + (lowTitle.includes(w) ? 0.5 : 0), 0);
  return found / (words.length * 1.5);
}

/** A passage's similarity: its base score plus the name bonus, at most 1, to four places. */
export function passageScore(base: number, names: readonly string[], lowered: string): number {
  return Math.round(Math.min(1, base + nameMatch(names, lowered)) * 10000) / 10000;
}
