import type { Level, Subject } from '#shared/constants.ts';
import { topicLabel, type Citation, type Explanation } from '#shared/explanations/explanations.ts';
import { bestSentences, contentTerms, keyTerms, sentences } from '../ai/nlp.ts';
import type { KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';
import { match, questionShape, type QuestionShape } from '../tutor/select.ts';

/**
 * A grounded explanation of one answer (docs/ai.md): the knowledge base is
 * searched for the question with its right answer, for the right answer alone and for the
 * option chosen; only passages that name the right answer (or are the bank's own explanation
 * of the question) ground it, with their question and answer lines dropped. With none, the
 * caller answers with the fallback in docs/ai.md: nothing is invented.
 */

export interface ExplainFacts {
  readonly questionId: string;
  readonly question: string;
  readonly subject: Subject;
  readonly level: Level;
  readonly topic: string;
  readonly correctAnswer: string;
  readonly chosenAnswer: string | null;
}

export interface ExplainDeps {
  readonly knowledgeBase: KnowledgeBase;
  readonly generator: TextGenerator;
  readonly now: Date;
}

/** docs/ai.md: the context chunk similarity cutoff. */
const THRESHOLD = 0.3;

/** Lower case, accents off, anything but letters and digits as single spaces. */
export function normalise(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether a text names a phrase as whole words ("Paris" in "…capital, Paris.", not in "Parisian"). */
export const mentions = (text: string, phrase: string): boolean => normalise(phrase).trim() !== '' && normalise(text).includes(normalise(phrase));

/**
 * The text with a longer name that holds the phrase taken out, so "South-Eastern Asia belongs
 * elsewhere" does not name "Eastern Asia" when South-Eastern Asia is the option chosen.
 */
function withoutLongerName(text: string, phrase: string, longer: string | null): string {
  const inner = normalise(phrase);
  const outer = longer === null ? '' : normalise(longer);
  if (outer.trim() === '' || outer === inner || !outer.includes(inner)) return text;
  return normalise(text).split(outer).join(' ');
}

/** Whether a text names a phrase other than inside a longer name that holds it (see above). */
export const mentionsApart = (text: string, phrase: string, longer: string | null): boolean => mentions(withoutLongerName(text, phrase, longer), phrase);

const sourceKey = (p: Passage) => `${p.source.kind}#${p.source.id}`;

/**
 * A passage as an explanation may quote it: questions ("…?") and answer lines ("Answer: X.") of
 * the question bank's passages are statements of nothing; what is left is the explanation.
 */
export function quotable(p: Passage): Passage | null {
  const kept = sentences(p.text).filter((s) => !s.trim().endsWith('?') && !/^answer\s*:/i.test(s.trim()));
  return kept.length > 0 ? { ...p, text: kept.join(' ') } : null;
}

/**
 * Whether a passage grounds the right answer: it names it (a long answer: most of its content
 * words), or it is the bank's own explanation of this very question.
 */
export function groundsAnswer(p: Passage, question: string, answer: string, chosen: string | null = null): boolean {
  if (p.source.kind === 'question' && normalise(p.source.title) === normalise(question)) return true;
  const text = withoutLongerName(p.text, answer, chosen);
  if (mentions(text, answer)) return true;
  const words = [...new Set(contentTerms(answer))];
  if (words.length < 2) return false;
  const terms = new Set(contentTerms(text));
  return words.filter((w) => terms.has(w)).length / words.length >= 0.6;
}

/** How much of the question a passage (title and text) is about: names count double (the tutor's measure). */
export function aboutQuestion(p: Passage, shape: QuestionShape): number {
  return shape.terms.length ? match(shape, `${p.source.title} ${p.text}`).coverage : 0;
}

/**
 * The passages that ground the answer, the one about exactly this question first: the bank's
 * own explanation of it, then by how much of the question each is about. A passage that names
 * the answer but shares nothing with the question ("India gained independence from Britain" for
 * "Where did the Industrial Revolution begin?") is left out when one about the question is there.
 */
export function onTopic(passages: readonly Passage[], question: string): Passage[] {
  const shape = questionShape(question);
  const own = (p: Passage) => p.source.kind === 'question' && normalise(p.source.title) === normalise(question);
  const scored = passages.map((p, order) => ({ p, order, about: own(p) ? 2 : aboutQuestion(p, shape) }));
  const best = Math.max(0, ...scored.map((x) => x.about));
  // Below a third of the best passage's share of the question, a passage is about something else.
  return scored
    .filter((x) => best === 0 || x.about >= best / 3)
    .sort((a, b) => b.about - a.about || a.order - b.order)
    .map((x) => x.p);
}

function uniqueByChunk(list: readonly Passage[]): Passage[] {
  const seen = new Map<string, Passage>();
  for (const p of list) {
    const had = seen.get(p.chunkId);
    if (!had || had.similarity < p.similarity) seen.set(p.chunkId, p);
  }
  return [...seen.values()].sort((a, b) => b.similarity - a.similarity);
}

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

/** The generator's own citation marks and sources line are dropped: the explanation lists its sources itself. */
export function cleanGenerated(text: string): string {
  return text
    .replace(/\n+\s*Sources?:[\s\S]*$/i, '')
    .replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const excerpt = (text: string): string => (text.length <= 220 ? text : `${text.slice(0, 219).trimEnd()}…`);

/** The explanation, or null when the knowledge base holds nothing relevant (the caller falls back). */
export async function composeExplanation(facts: ExplainFacts, deps: ExplainDeps): Promise<Explanation | null> {
  const { knowledgeBase: kb, generator } = deps;
  const { question, correctAnswer: correct, chosenAnswer: chosen, subject } = facts;
  const rightQuery = `${question} ${correct}`;
  const [withQuestion, aboutRight, aboutChosen] = await Promise.all([
    kb.search({ query: rightQuery, subject, threshold: THRESHOLD, maxResults: 6 }),
    kb.search({ query: correct, subject, threshold: THRESHOLD, maxResults: 4 }),
    chosen === null ? Promise.resolve([]) : kb.search({ query: `${chosen} ${question}`, subject, threshold: THRESHOLD, maxResults: 4 }),
  ]);

  const right = onTopic(
    uniqueByChunk([...withQuestion, ...aboutRight])
      .flatMap((p) => quotable(p) ?? [])
      .filter((p) => groundsAnswer(p, question, correct, chosen)),
    question,
  ).slice(0, 4);
  if (right.length === 0) return null;

  // What the sources say about the option chosen: a passage that names it and is not one of the above.
  const rightChunks = new Set(right.map((p) => p.chunkId));
  const chosenPassages =
    chosen === null
      ? []
      : uniqueByChunk(aboutChosen)
          .flatMap((p) => quotable(p) ?? [])
          .filter((p) => !rightChunks.has(p.chunkId) && mentions(p.text, chosen) && !mentionsApart(p.text, correct, chosen));
  const aboutChosenSentence = chosen === null ? undefined : bestSentences(chosenPassages, chosen, 4).find((s) => mentions(s.text, chosen));

  const generated = cleanGenerated(
    await collect(
      generator.generate({
        task: 'explanation',
        instruction: `Explain to a student why "${correct}" is the correct answer to the question "${question}"${chosen ? ` and why "${chosen}" is not` : ''}. Use only the passages; do not add facts.`,
        query: rightQuery,
        passages: right,
        maxWords: 90,
      }),
    ),
  );

  // The key points: the sentences that best answer the question, the one naming the answer first, from the passage most about the question first.
  const rank = new Map(right.map((p, i) => [p.chunkId, i]));
  const candidates = bestSentences(right, rightQuery, 6).sort((a, b) => Number(mentions(b.text, correct)) - Number(mentions(a.text, correct)) || rank.get(a.passage.chunkId)! - rank.get(b.passage.chunkId)!);
  const keyPoints = candidates.slice(0, 3).map((c) => c.text);
  if (keyPoints.length === 0 && !generated) return null;

  const opening = chosen === null ? `The correct answer is ${correct}.` : `You chose ${chosen}, but the correct answer is ${correct}.`;
  const whyWrong = aboutChosenSentence ? ` About ${chosen}: ${aboutChosenSentence.text}` : '';
  const textExplanation = [opening, generated || keyPoints.join(' '), whyWrong.trim()].filter(Boolean).join(' ');

  const usedPassages = uniqueByChunk([...right, ...(aboutChosenSentence ? [aboutChosenSentence.passage] : [])]);
  const sources: Citation[] = [];
  const cited = new Set<string>();
  for (const p of [...right, ...(aboutChosenSentence ? [aboutChosenSentence.passage] : [])]) {
    if (cited.has(sourceKey(p))) continue;
    cited.add(sourceKey(p));
    sources.push({ kind: p.source.kind, id: p.source.id, title: p.source.title, excerpt: excerpt(p.text) });
  }

  const skip = new Set([normalise(correct), ...(chosen ? [normalise(chosen)] : [])]);
  const relatedTopics = [...new Set([topicLabel(facts.topic), ...keyTerms(usedPassages.map((p) => p.text).join('\n'), 8)])]
    .filter((t) => !skip.has(normalise(t)))
    .slice(0, 5);

  const videoScript = [
    `Let's look at this ${subject} question. ${question}`,
    `${chosen === null ? '' : `You answered ${chosen}. `}The correct answer is ${correct}.${whyWrong}`,
    ...keyPoints,
    `Remember: the answer is ${correct}.`,
  ].join('\n\n');

  return {
    questionId: facts.questionId,
    textExplanation,
    videoScript,
    keyPoints,
    relatedTopics,
    sources,
    grounded: true,
    generator: generator.id,
    generatedAt: deps.now.toISOString(),
  };
}
