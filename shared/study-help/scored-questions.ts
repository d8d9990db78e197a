/**
 * Study help never answers a question that can still earn the caller points.
 * The server gathers those questions (functions/knowledge/scored-questions.ts); these pure
 * rules decide whether a request asks one of them and whether a retrieved passage gives one
 * away. Text is compared by content words, so a pasted or lightly reworded question is caught.
 */
import { STOP_WORDS } from '../text/stop-words.ts';

/** A question that can still earn the caller points, with its key (server-side only). */
export interface ScoredQuestion {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  /** Where it is being scored: shown in the refusal. */
  readonly mode: ScoredMode;
}

export type ScoredMode = 'live match' | 'quiz round' | 'daily challenge' | 'friend challenge';

/** What a study-help passage carries (functions/ai Passage has this shape). */
export interface PassageLike {
  readonly text: string;
  readonly source: { readonly kind: string; readonly id: string; readonly title: string };
}

export const STUDY_HELP_MESSAGES = {
  /** The tutor's reply to a question being scored: honest, and no hint. */
  tutorHeld: (mode: ScoredMode) =>
    `That question is still being scored in your ${mode}, so I can't help with it yet. Answer it first, then ask me again and I'll explain it.`,
  explanationHeld: 'This question can still earn you points in a round you are playing. Its explanation opens once you have answered it.',
} as const;

/** Share of a question's content words that must appear in a text for it to be the same question. */
export const SAME_QUESTION_SHARE = 0.5;

/** Content words: lower case, accents off, no stop words or one-letter words (numbers kept). */
export function contentWords(text: string): Set<string> {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w));
  return new Set(words);
}

/** Whether `text` names `phrase` as whole words, case and accents aside. */
export function mentions(text: string, phrase: string): boolean {
  const norm = (t: string) => ` ${t.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  const p = norm(phrase);
  return p.trim() !== '' && norm(text).includes(p);
}

/** The text holds the question: most of the question's content words (at least two, or its only one). */
export function isSameQuestion(text: string, question: string): boolean {
  const asked = contentWords(question);
  if (asked.size === 0) return false;
  const words = contentWords(text);
  let shared = 0;
  for (const w of asked) if (words.has(w)) shared += 1;
  return shared >= Math.min(2, asked.size) && shared / asked.size >= SAME_QUESTION_SHARE;
}

/** The scored question a request's text asks, if any. */
export function scoredQuestionAsked(text: string, scored: readonly ScoredQuestion[]): ScoredQuestion | undefined {
  return scored.find((q) => isSameQuestion(text, q.question));
}

/**
 * The scored question an answered question is: the same id, or the same text with the same
 * answer. A templated text ("Which country's flag is this?") is many questions told apart by
 * their answers: explaining Peru's flag gives nothing away about a scored Chilean one.
 */
export function scoredQuestionAnswered(q: { readonly id: string; readonly question: string; readonly correctAnswer: string }, scored: readonly ScoredQuestion[]): ScoredQuestion | undefined {
  const answer = [...contentWords(q.correctAnswer)].join(' ');
  return scored.find((s) => s.id === q.id || (isSameQuestion(q.question, s.question) && [...contentWords(s.answer)].join(' ') === answer));
}

/**
 * Whether a passage gives a scored question away: it is that question's own chunk (by id, or a
 * question chunk whose title is the question), or it names the answer (a word of the answer
 * the question does not hold: "Egyptians" of "The ancient Egyptians") while sharing a content
 * word with the question (a country sheet naming the capital asked for). Erring towards
 * holding back: it lasts only while the question can still earn points.
 */
export function revealsScored(passage: PassageLike, scored: readonly ScoredQuestion[]): boolean {
  const text = `${passage.source.title} ${passage.text}`;
  const words = contentWords(text);
  return scored.some((q) => {
    if (passage.source.id === q.id) return true;
    if (passage.source.kind === 'question' && isSameQuestion(passage.source.title, q.question)) return true;
    const asked = contentWords(q.question);
    const answerWords = contentWords(q.answer);
    const answerOnly = [...answerWords].filter((w) => !asked.has(w));
    const namesAnswer = answerOnly.length > 0 ? answerOnly.some((w) => words.has(w)) : mentions(text, q.answer);
    return namesAnswer && [...asked].some((w) => !answerWords.has(w) && words.has(w));
  });
}
