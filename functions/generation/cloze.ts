import { randomBytes } from 'node:crypto';
import type { Level, Subject } from '#shared/constants.ts';
import { checkAnswerKey, topicTag, validateForBank, type GeneratedQuestion, type QuestionSource } from '#shared/generation/generation.ts';
import { APPROVED_SOURCE_PREFIX } from '../questions/data/question-bank.ts';
import { clozeQuestions, type ClozeQuestion } from '../ai/nlp.ts';
import type { Passage } from '../ai/types.ts';

/**
 * Extractive question generation (every provider: structured parts come from the
 * deterministic NLP, functions/ai/nlp.ts): fill-in-the-blank questions from the sentences of
 * a document's chunks, the blank a name or a number, the wrong options other names or numbers
 * of the same document. Each candidate passes the answer-key check against its passage and
 * the bank's rules before it is queued; the rest are dropped.
 */
export const newGeneratedId = (): string => `g${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

const OPTIONS = 4;
const isNumber = (s: string) => /^[\d.,\s]+$/.test(s.trim());

function shuffle<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface GenerationSource {
  readonly documentId: string | null;
  readonly title: string;
  readonly subject: Subject;
  readonly level: Level;
  readonly category: string;
  readonly chunks: readonly Passage[];
}

/** Up to `count` checked questions from the document's chunks, in document order. */
export function generateClozeQuestions(source: GenerationSource, count: number, meta: { generator: string; createdBy: string; now: Date }): GeneratedQuestion[] {
  // All candidates first: their answers are the pool of wrong options for each other.
  const perChunk = source.chunks.map((chunk) => ({ chunk, items: clozeQuestions(chunk, 50) }));
  const pool = [...new Set(perChunk.flatMap(({ items }) => items.map((c) => c.answer)))];
  const topic = topicTag(source.category || source.title);
  const out: GeneratedQuestion[] = [];
  const usedSentences = new Set<string>();
  for (const { chunk, items } of perChunk) {
    for (const cloze of items) {
      if (out.length >= count) return out;
      if (usedSentences.has(cloze.sentence)) continue;
      const question = toQuestion(cloze, chunk, pool, source, topic, meta);
      if (!question) continue;
      usedSentences.add(cloze.sentence);
      out.push(question);
    }
  }
  return out;
}

function toQuestion(
  cloze: ClozeQuestion,
  chunk: Passage,
  pool: readonly string[],
  source: GenerationSource,
  topic: string,
  meta: { generator: string; createdBy: string; now: Date },
): GeneratedQuestion | null {
  const answer = cloze.answer.trim();
  const sameKind = (d: string) => isNumber(d) === isNumber(answer);
  const taken = new Set([answer.toLowerCase()]);
  const wrong: string[] = [];
  for (const d of [...cloze.distractors, ...shuffle(pool.filter(sameKind))]) {
    const key = d.trim().toLowerCase();
    if (!d.trim() || taken.has(key) || cloze.sentence.toLowerCase().includes(key) || d.length > 120) continue;
    taken.add(key);
    wrong.push(d.trim());
    if (wrong.length === OPTIONS - 1) break;
  }
  if (wrong.length === 0) return null;
  const question = `Fill in the blank: ${cloze.prompt.trim()}`;
  const explanation = cloze.sentence.length <= 380 ? cloze.sentence : `${cloze.sentence.slice(0, 379)}…`;
  const options = shuffle([answer, ...wrong]);
  const sourceRef: QuestionSource = { documentId: source.documentId, title: source.title, chunkId: chunk.chunkId, passage: chunk.text };
  const id = newGeneratedId();
  if (checkAnswerKey({ question, options, correct_answer: answer }, chunk.text).length > 0) return null;
  const bank = validateForBank({ id: `${APPROVED_SOURCE_PREFIX}${id}`, subject: source.subject, level: source.level, question, options, correct_answer: answer, topic, explanation });
  if (!bank.ok) return null;
  return {
    id,
    status: 'pending',
    subject: source.subject,
    level: source.level,
    question,
    options,
    correct_answer: answer,
    topic,
    explanation,
    source: sourceRef,
    generator: `${meta.generator}+cloze`,
    created_at: meta.now.toISOString(),
    created_by: meta.createdBy,
    reviewed_at: null,
    reviewed_by: null,
    bank_question_id: null,
  };
}
