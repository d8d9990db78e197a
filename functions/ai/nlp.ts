import { createRequire } from 'node:module';
import type { ItemSentence, ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';
import { simpleSentences } from '#shared/knowledge/chunking.ts';
import { DECIDING_WORDS, STOP_WORDS } from '#shared/text/stop-words.ts';
import { log } from '../lib/log.ts';
import type { Passage } from './types.ts';

/**
 * Deterministic NLP over passages, the same for every provider (embedded, Bedrock, llama):
 * sentence splitting, key terms, the sentences that best answer a query (each keeping the
 * passage it came from, for the citation), cloze questions and extractive summaries.
 *
 * wink-nlp and its English model are loaded synchronously on first use through
 * `createRequire`, never imported at the top: esbuild does not follow that call, so the ~3.6 MB
 * model stays out of every bundle. Run from source they resolve in the repository's
 * node_modules; in Lambda, in the node_modules shipped beside the bundle of each function that
 * uses this module (infra/constructs/bundle-extras.ts, tests/infra/ai-bundles.test.ts proves it).
 * Where wink-nlp cannot be loaded all the same, a plain tokenizer stands in (`plainAnalysis`):
 * sentences by punctuation, capitalised words as names, a stop-word list, plurals folded. Less
 * exact, never a failure, but never silent either: a warning is logged once per process.
 */

/** One word-like token of a text, reduced to what the helpers below use. */
export interface NlpToken {
  readonly value: string;
  /** Lower case. */
  readonly normal: string;
  readonly lemma: string;
  readonly pos: string;
  readonly stop: boolean;
  /** 'word', 'number', 'punctuation', … (wink's token types). */
  readonly type: string;
  readonly sentence: number;
}

export interface AnalysedText {
  readonly sentences: readonly string[];
  readonly tokens: readonly NlpToken[];
}

/** A sentence chosen from a passage, with the passage for its citation. */
export interface ScoredSentence {
  readonly text: string;
  readonly passage: Passage;
  /** Query-term overlap weighted by rarity, plus a little of the passage's similarity. */
  readonly score: number;
}

export interface ClozeQuestion {
  /** The sentence with the answer blanked out as "_____". */
  readonly prompt: string;
  readonly answer: string;
  /** The full sentence the question was made from. */
  readonly sentence: string;
  /** Other terms of the same kind (names, numbers) from the same text; may be fewer than 3. */
  readonly distractors: readonly string[];
  readonly source: Passage['source'] | null;
}

const WINK_NLP = 'wink-nlp';
const WINK_MODEL = 'wink-eng-lite-web-model';

/** The pipe the English model runs: no NER and no sentiment, which nothing here reads. */
const WINK_PIPE = ['sbd', 'negation', 'pos'];

let wink: WinkMethods | null | undefined;

/** The wink-nlp instance (loaded once per process, ~150 ms), or null where it cannot be loaded. */
export function winkNlp(): WinkMethods | null {
  if (wink === undefined) {
    try {
      const load = createRequire(import.meta.url);
      const winkNLP = load(WINK_NLP) as (model: unknown, pipe?: string[]) => WinkMethods;
      wink = winkNLP(load(WINK_MODEL), WINK_PIPE);
    } catch (error) {
      wink = null;
      // Answers get worse, not broken: say so once, where the function's logs are read.
      log.warn('wink-nlp could not be loaded: the plain tokenizer stands in', { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return wink;
}

/** Which NLP this process runs: wink-nlp, or the plain tokenizer where wink-nlp cannot be loaded. */
export function nlpEngine(): 'wink' | 'plain' {
  return winkNlp() ? 'wink' : 'plain';
}

/** Tests run the plain tokenizer as a Lambda without wink-nlp would. */
export function useNlpEngineForTests(engine: 'wink' | 'plain'): void {
  wink = engine === 'plain' ? null : undefined;
  cache.clear();
}

/** Sentences and tokens without wink-nlp. */
export function plainAnalysis(text: string): AnalysedText {
  const list = simpleSentences(text);
  const tokens: NlpToken[] = [];
  list.forEach((sentence, index) => {
    const words = sentence.match(/\d[\d,.]*\d|\d|[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu) ?? [];
    words.forEach((value, position) => {
      const normal = value.toLowerCase();
      const number = /^\d/.test(value);
      const stop = STOP_WORDS.has(normal);
      const capital = /^\p{Lu}/u.test(value) && !(position === 0 && stop);
      const lemma = number ? normal : normal.length > 3 && normal.endsWith('s') && !normal.endsWith('ss') ? normal.slice(0, -1) : normal;
      tokens.push({ value, normal, lemma, pos: number ? 'NUM' : capital && position > 0 ? 'PROPN' : capital ? 'PROPN' : stop ? 'DET' : 'NOUN', stop, type: number ? 'number' : 'word', sentence: index });
    });
  });
  return { sentences: list, tokens };
}

const cache = new Map<string, AnalysedText>();
const CACHE_LIMIT = 5000;

/** Sentences and tokens of a text (memoised: the same passage is read by several helpers). */
export function analyse(text: string): AnalysedText {
  const hit = cache.get(text);
  if (hit) return hit;
  const nlp = winkNlp();
  if (!nlp) {
    const plain = plainAnalysis(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, plain);
    return plain;
  }
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const sentenceTexts: string[] = [];
  const tokens: NlpToken[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const index = sentenceTexts.length;
    sentenceTexts.push(s.out().trim());
    s.tokens().each((t: ItemToken) => {
      const type = String(t.out(its.type));
      const value = t.out();
      tokens.push({
        value,
        normal: String(t.out(its.normal)),
        lemma: String(t.out(its.lemma as ItsFunction<string>)).toLowerCase(),
        pos: String(t.out(its.pos)),
        stop: Boolean(t.out(its.stopWordFlag)),
        type,
        sentence: index,
      });
    });
  });
  const result = { sentences: sentenceTexts.filter((s) => s.length > 0), tokens };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}

/** The sentences of a text, trimmed, empty ones dropped. */
export function sentences(text: string): string[] {
  if (!text.trim()) return [];
  return [...analyse(text).sentences];
}

/** Content words of a text as lower-case lemmas (stop words, punctuation and symbols dropped). */
export function contentTerms(text: string): string[] {
  if (!text.trim()) return [];
  return analyse(text)
    .tokens.filter((t) => isContent(t))
    .map((t) => t.lemma);
}

function isContent(t: NlpToken): boolean {
  if (t.type === 'number') return true;
  if (t.type !== 'word') return false;
  if (t.stop && !DECIDING_WORDS.has(t.normal)) return false;
  return t.normal.length > 1 || /\d/.test(t.normal);
}

const NAME_POS = new Set(['PROPN']);
const TERM_POS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

interface Candidate {
  readonly display: string;
  readonly key: string;
  readonly kind: 'name' | 'number' | 'noun';
}

/**
 * Candidate terms of a text: runs of proper nouns ("Western Europe", joined across "of"
 * as in "Battle of Hastings"), numbers with their unit, and single nouns.
 */
function candidates(text: string): Candidate[] {
  const { tokens } = analyse(text);
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (NAME_POS.has(t.pos) && t.type === 'word' && /^\p{Lu}/u.test(t.value)) {
      const parts = [t.value];
      let j = i + 1;
      while (j < tokens.length) {
        const next = tokens[j]!;
        const after = tokens[j + 1];
        if (next.sentence !== t.sentence) break;
        if (NAME_POS.has(next.pos) && next.type === 'word' && /^\p{Lu}/u.test(next.value)) {
          parts.push(next.value);
          j += 1;
        } else if ((next.normal === 'of' || next.normal === 'the') && after && NAME_POS.has(after.pos) && /^\p{Lu}/u.test(after.value) && after.sentence === t.sentence) {
          parts.push(next.value);
          j += 1;
        } else break;
      }
      const display = parts.join(' ');
      if (!isSentenceInitialStopName(tokens, i, display)) out.push({ display, key: display.toLowerCase(), kind: 'name' });
      i = j - 1;
    } else if (t.type === 'number' || (t.pos === 'NUM' && /\d/.test(t.value))) {
      out.push({ display: t.value, key: t.normal, kind: 'number' });
    } else if (t.type === 'word' && !t.stop && TERM_POS.has(t.pos) && t.pos !== 'PROPN' && t.normal.length > 2) {
      out.push({ display: t.lemma, key: t.lemma, kind: 'noun' });
    }
  }
  return out;
}

/** "It", "The" and the like tagged PROPN at the start of a sentence are not names. */
function isSentenceInitialStopName(tokens: readonly NlpToken[], i: number, display: string): boolean {
  const t = tokens[i]!;
  const first = i === 0 || tokens[i - 1]!.sentence !== t.sentence;
  return first && t.stop && !display.includes(' ');
}

/**
 * The `n` most telling terms of a text: names first (a name counts double, a multi-word name
 * more), then frequent nouns. Case-insensitively unique, in rank order.
 */
export function keyTerms(text: string, n: number): string[] {
  if (!text.trim() || n <= 0) return [];
  const scores = new Map<string, { display: string; score: number; first: number }>();
  candidates(text).forEach((c, position) => {
    if (c.kind === 'number') return;
    const weight = c.kind === 'name' ? 2 + c.display.split(' ').length - 1 : 1;
    const entry = scores.get(c.key);
    if (entry) entry.score += weight;
    else scores.set(c.key, { display: c.display, score: weight, first: position });
  });
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, n)
    .map((e) => e.display);
}

/**
 * The `n` sentences of the passages that best answer `query`, best first. A sentence scores
 * by the query's content words it contains (rarer words across the passages weigh more) plus
 * a tenth of its passage's similarity. When no sentence shares a word with the query, the
 * opening sentences of the most similar passages are returned (they were retrieved for it).
 */
export function bestSentences(passages: readonly Passage[], query: string, n: number): ScoredSentence[] {
  if (n <= 0 || passages.length === 0) return [];
  const queryTerms = new Set(contentTerms(query));
  const all: { text: string; passage: Passage; terms: Set<string>; order: number }[] = [];
  for (const passage of passages) {
    const { sentences: list, tokens } = analyse(passage.text);
    list.forEach((text, index) => {
      const terms = new Set(tokens.filter((t) => t.sentence === index && isContent(t)).map((t) => t.lemma));
      all.push({ text, passage, terms, order: all.length });
    });
  }
  const df = new Map<string, number>();
  for (const s of all) for (const term of s.terms) df.set(term, (df.get(term) ?? 0) + 1);
  const scored = all.map((s) => {
    let overlap = 0;
    for (const term of queryTerms) {
      const match = s.terms.has(term) ? { term, weight: 1 } : relatedTerm(term, s.terms);
      if (match) overlap += match.weight * Math.log(1 + all.length / (df.get(match.term) ?? 1));
    }
    return { ...s, overlap, score: overlap + 0.1 * s.passage.similarity };
  });
  // A question is not an answer: the bank's passages start with the question they explain.
  const matching = scored.filter((s) => s.overlap > 0 && !s.text.trimEnd().endsWith('?'));
  const pool = matching.length > 0 ? matching : scored.filter((s) => isOpening(s, scored));
  const seen = new Set<string>();
  return pool
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((s) => {
      const key = s.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, n)
    .map(({ text, passage, score }) => ({ text, passage, score: round(score) }));
}

/**
 * A sentence term of the same family as a query term ("Rome" and "Roman", "Egypt" and
 * "Egyptian"): a shared start of at least 3 letters covering three quarters of the shorter
 * word. Counted at 0.7 of an exact match.
 */
export function relatedTerm(term: string, terms: ReadonlySet<string>): { term: string; weight: number } | undefined {
  if (term.length < 4) return undefined;
  for (const candidate of terms) {
    if (candidate.length < 4) continue;
    let shared = 0;
    while (shared < term.length && shared < candidate.length && term[shared] === candidate[shared]) shared++;
    if (shared >= 3 && shared >= 0.75 * Math.min(term.length, candidate.length)) return { term: candidate, weight: 0.7 };
  }
  return undefined;
}

function isOpening(s: { passage: Passage; order: number }, all: readonly { passage: Passage; order: number }[]): boolean {
  return all.find((o) => o.passage === s.passage)?.order === s.order;
}

/**
 * Fill-in-the-blank questions from a passage (or plain text): each blanks a name or a number
 * in one sentence. At most one question per sentence, up to `count`, longest answers first
 * within a sentence; sentences shorter than 6 words are skipped.
 */
export function clozeQuestions(passage: Passage | string, count: number): ClozeQuestion[] {
  const text = typeof passage === 'string' ? passage : passage.text;
  const source = typeof passage === 'string' ? null : passage.source;
  if (!text.trim() || count <= 0) return [];
  const all = candidates(text);
  const names = unique(all.filter((c) => c.kind === 'name').map((c) => c.display));
  const numbers = unique(all.filter((c) => c.kind === 'number').map((c) => c.display));
  const out: ClozeQuestion[] = [];
  for (const sentence of analyse(text).sentences) {
    if (out.length >= count) break;
    if (sentence.split(/\s+/).length < 6) continue;
    const inSentence = candidates(sentence).filter((c) => c.kind !== 'noun');
    // Prefer a name that is not the sentence's first word (the subject is usually obvious).
    const pick = [...inSentence]
      .filter((c) => !sentence.startsWith(c.display) || inSentence.length === 1)
      .sort((a, b) => b.display.length - a.display.length)[0];
    if (!pick) continue;
    const at = sentence.indexOf(pick.display);
    if (at < 0) continue;
    const prompt = `${sentence.slice(0, at)}_____${sentence.slice(at + pick.display.length)}`;
    const pool = pick.kind === 'name' ? names : numbers;
    const distractors = pool.filter((d) => d.toLowerCase() !== pick.key && !sentence.includes(d)).slice(0, 3);
    out.push({ prompt, answer: pick.display, sentence, distractors, source });
  }
  return out;
}

/**
 * An extractive summary: the `n` sentences of the text that share the most key terms with the
 * whole, in their original order.
 */
export function summarize(text: string, n: number): string[] {
  const { sentences: list, tokens } = analyse(text);
  if (list.length <= n) return [...list];
  const frequency = new Map<string, number>();
  for (const t of tokens) if (isContent(t)) frequency.set(t.lemma, (frequency.get(t.lemma) ?? 0) + 1);
  const scores = list.map((_, index) => {
    const terms = tokens.filter((t) => t.sentence === index && isContent(t));
    const total = terms.reduce((sum, t) => sum + (frequency.get(t.lemma) ?? 0), 0);
    // Earlier sentences of an explanation tend to state its point: a small lead bonus.
    return { index, score: terms.length ? total / Math.sqrt(terms.length) + (index === 0 ? 1 : 0) : 0 };
  });
  const chosen = new Set(
    [...scores]
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, n)
      .map((s) => s.index),
  );
  return list.filter((_, index) => chosen.has(index));
}

function unique(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
