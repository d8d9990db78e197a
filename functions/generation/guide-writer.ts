import { randomBytes } from 'node:crypto';
import { countWords, lengthVerdict, topicTag, wordBudget, type GeneratedGuide, type GuideLength } from '#shared/generation/generation.ts';
import type { Level, Subject } from '#shared/constants.ts';
import { mentionsTopic, topicStems } from '#shared/generation/relevance.ts';
import { clozeQuestions, sentences, summarize } from '../ai/nlp.ts';
import type { ChunkSearch } from '../ai/knowledge-base.ts';
import type { Passage, TextGenerator } from '../ai/types.ts';

/**
 * A study guide written from the knowledge base: the passages found for the topic and each
 * focus area, a section per query written by the generator from those passages only, then
 * further passes over passages not yet used until the length's minimum is met or the
 * material runs out (a guide is shorter rather than padded with anything unsourced). Key
 * points and quiz questions are computed from the written text (deterministic NLP).
 */
export interface GuideRequest {
  readonly subject: Subject;
  readonly difficulty_level: Level;
  readonly topic: string;
  readonly length: GuideLength;
  readonly focus_areas: readonly string[];
}

const INSTRUCTION = 'Write a section of a study guide for school students, in clear paragraphs, using only the passages given. Do not add facts that are not in them.';
/** Guides are written from documents, country fact sheets and the catalogue's guides; the bank's question-and-answer chunks read badly as prose. */
const SEARCH = { threshold: 0.3, maxResults: 30, kinds: ['document', 'country', 'guide'] } as const;
const PASS_PASSAGES = 3;

/** The generator's text without citation marks and its sources line (the guide lists its sources once). */
export function cleanSection(text: string): string {
  return text
    .split(/\n\s*Sources:/)[0]!
    .replace(/\s*\[\d+\]/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * The passages for the topic and for each focus area, keeping only those that name the topic
 * (or that area): a passage merely near the topic's subject ("continents" for "Rivers of
 * Europe") is not written from.
 */
export async function findGuidePassages(kb: ChunkSearch, request: GuideRequest): Promise<{ query: string; passages: Passage[] }[]> {
  const queries = [{ query: request.topic, stems: topicStems(request.topic) }, ...request.focus_areas.map((area) => ({ query: `${request.topic} ${area}`, stems: topicStems(request.topic, area) }))];
  return Promise.all(
    queries.map(async ({ query, stems }) => ({ query, passages: (await kb.searchChunks({ query, subject: request.subject, ...SEARCH })).filter((p) => mentionsTopic(p.text, stems)) })),
  );
}

export async function writeGuide(
  request: GuideRequest,
  found: readonly { query: string; passages: readonly Passage[] }[],
  generator: TextGenerator,
  meta: { createdBy: string; now: Date },
): Promise<{ guide: GeneratedGuide; words: number; verdict: ReturnType<typeof lengthVerdict> }> {
  const budget = wordBudget(request.length);
  const paragraphs: string[] = [];
  const usedSentences = new Set<string>();
  const used = new Map<string, Passage>();
  let words = 0;

  const write = async (query: string, passages: readonly Passage[]) => {
    if (passages.length === 0 || words >= budget.max) return;
    let text = '';
    for await (const piece of generator.generate({ task: 'study-guide', instruction: INSTRUCTION, query, passages, maxWords: budget.max - words })) text += piece;
    const fresh = sentences(cleanSection(text)).filter((s) => {
      // A question is not guide prose (the check questions come at the end).
      if (/\?\s*$/.test(s)) return false;
      const key = s.toLowerCase();
      if (usedSentences.has(key)) return false;
      usedSentences.add(key);
      return true;
    });
    const kept: string[] = [];
    for (const s of fresh) {
      const n = countWords(s);
      if (words + n > budget.max) break;
      kept.push(s);
      words += n;
    }
    if (kept.length === 0) return;
    paragraphs.push(kept.join(' '));
    for (const p of passages) if (kept.some((s) => p.text.includes(s.slice(0, 40)))) used.set(`${p.source.kind}#${p.source.id}`, p);
  };

  for (const { query, passages } of found) await write(query, passages);
  // More passes over what was found but not yet written from, a few passages at a time.
  const all = dedupe(found.flatMap((f) => f.passages)).sort((a, b) => b.similarity - a.similarity);
  for (let i = 0; i < all.length && words < budget.min; i += PASS_PASSAGES) await write(request.topic, all.slice(i, i + PASS_PASSAGES));
  if (used.size === 0) for (const p of all.slice(0, 5)) used.set(`${p.source.kind}#${p.source.id}`, p);

  const content = paragraphs;
  const whole = content.join(' ');
  const keyPoints = whole ? summarize(whole, 5) : [];
  const quiz = whole ? clozeQuestions(whole, 5).map((q) => ({ question: q.prompt, answer: q.answer })) : [];
  const id = `ai-${topicTag(request.topic).slice(0, 40)}-${randomBytes(4).toString('hex')}`;
  const summary = (content[0] ? sentences(content[0]).slice(0, 2).join(' ') : request.topic).slice(0, 300);
  const sources = [...used.values()].map((p) => ({ kind: p.source.kind, id: p.source.id, title: p.source.title }));
  const guide: GeneratedGuide = {
    id,
    subject: request.subject,
    level: request.difficulty_level,
    title: `${request.topic} (AI study guide)`,
    topic: request.topic,
    summary,
    content,
    key_points: keyPoints,
    check_questions: quiz,
    created_at: meta.now.toISOString(),
    // Waits for an admin's review before students see it.
    status: 'pending',
    metadata: {
      ai_generated: true,
      fact_checked: false,
      sources,
      key_points: keyPoints,
      quiz_questions: quiz,
      length: request.length,
      focus_areas: [...request.focus_areas],
      word_count: words,
      generator: generator.id,
      created_by: meta.createdBy,
    },
  };
  return { guide, words, verdict: lengthVerdict(words, request.length) };
}

function dedupe(passages: readonly Passage[]): Passage[] {
  const seen = new Set<string>();
  return passages.filter((p) => (seen.has(p.chunkId) ? false : (seen.add(p.chunkId), true)));
}
