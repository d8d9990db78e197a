/**
 * Is a generated study guide about its topic (a guide on "Rivers of Europe"
 * was mostly continents, territories and UN regions)? Word overlap with the topic: explainable,
 * the same with every embedder, and it is what an admin checks by eye. Vector similarity alone
 * let passages through that were near the topic's subject but not on it.
 */
import { STOP_WORDS } from '../text/stop-words.ts';

/** At least this share of a guide's sentences must name a word of its topic (or a focus area), or the guide is refused before review. */
export const ON_TOPIC_MIN = 0.5;

/** A word's stem for prefix matching: rivers → river (matches river, rivers), countries → countr, churches → church. */
function stem(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return word.slice(0, -3);
  if (/(s|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{M}\d]+/gu) ?? [];

/** The topic's content words as stems ("Rivers of Europe" → river, europe). */
export function topicStems(...phrases: readonly string[]): string[] {
  return [...new Set(phrases.flatMap(wordsOf).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).map(stem))];
}

/** A text names the topic when one of its words starts with a topic stem (europe → European, egypt → Egyptian). */
export function mentionsTopic(text: string, stems: readonly string[]): boolean {
  if (stems.length === 0) return true;
  return wordsOf(text).some((w) => stems.some((s) => w.startsWith(s)));
}

/** The share of sentences that name the topic (1 for none: nothing to judge). */
export function onTopicShare(sentences: readonly string[], stems: readonly string[]): number {
  if (sentences.length === 0) return 1;
  return sentences.filter((s) => mentionsTopic(s, stems)).length / sentences.length;
}
