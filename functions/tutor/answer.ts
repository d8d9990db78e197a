import { isGroundedReply, parseCitedAnswer, TUTOR_MODEL_INSTRUCTION } from '#shared/tutor/grounded.ts';
import { answerCountryQuestion, countryQuestion, type CountryFacts, type CountryQuestion, type FactSentence } from '#shared/tutor/country-facts.ts';
import { TUTOR_ABSTAIN_PREFIX, TUTOR_LIMITS, TUTOR_MESSAGES as M, searchSubjectOf, type Citation, type ContextMessage, type TutorSubject } from '#shared/tutor/tutor.ts';
import { EMBEDDED_GENERATOR_ID, describeSource } from '../ai/embedded-generator.ts';
import type { ChatTurn, KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';
import { questionShape, selectAnswer, type Selection } from './select.ts';

/**
 * The tutor's answer to one question: search the knowledge base (by subject; General Help
 * searches all), then have the generator write from those passages only, streaming its
 * pieces to `onText`. With nothing relevant found it says so instead of calling the
 * generator. The citations are the passages the answer used.
 */
export interface TutorDeps {
  readonly knowledgeBase: KnowledgeBase;
  readonly generator: () => Promise<TextGenerator>;
  /** The country fact sheets as data; without them country questions go through retrieval like any other. */
  readonly countryFacts?: () => Promise<readonly CountryFacts[]>;
  /** Whether a text would give away a question the caller can still score (then the guarded retrieval answers instead). */
  readonly withholds?: (passage: Pick<Passage, 'text' | 'source'>) => boolean;
}

export interface TutorAnswer {
  readonly response: string;
  readonly citations: Citation[];
  readonly grounded: boolean;
  readonly generator: string | null;
}


const EXCERPT_MAX = 280;

const toTurns = (history: readonly ContextMessage[]): ChatTurn[] => history.map((m) => ({ role: m.type === 'user' ? 'user' : 'assistant', content: m.content }));

/** Passages for a question; a follow-up ("and its population?") is searched again with the previous question. */
/** A question that points back ("Which mountains run through it?") is about the previous one's subject. */
const POINTS_BACK = /\b(it|its|there|they|them|their|this|that|he|she|his|her)\b/i;

export async function findPassages(kb: KnowledgeBase, message: string, subject: TutorSubject, history: readonly ContextMessage[]): Promise<Passage[]> {
  const options = { subject: searchSubjectOf(subject), maxResults: TUTOR_LIMITS.passages };
  const previous = [...history].reverse().find((m) => m.type === 'user');
  if (previous && POINTS_BACK.test(message)) {
    // Searched on its own, "it" finds whatever else has mountains; with the previous question it finds Peru's.
    const followed = await kb.search({ query: `${previous.content} ${message}`, ...options });
    if (followed.length > 0) return [...followed];
  }
  const found = await kb.search({ query: message, ...options });
  if (found.length > 0) return [...found];
  // A rare term the word vectors do not know ("langar") scores low on similarity: look wider; the selection still decides.
  const wider = await kb.search({ query: message, ...options, threshold: 0.3 });
  if (wider.length > 0) return [...wider];
  return previous ? [...(await kb.search({ query: `${previous.content} ${message}`, ...options }))] : [];
}

const strip = (text: string): string =>
  text
    .replace(/\s*\[\d+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The passages the answer drew on: the generator's numbered Sources list when it wrote one (so
 * the [n] marks match), else those with a sentence of theirs in the answer, first used first,
 * else all given (a model's own words cannot be told apart).
 */
export function citationsFor(answer: string, passages: readonly Passage[]): Citation[] {
  const body = strip(answer.split(/\n\s*Sources:/)[0] ?? answer);
  const seen = new Set<string>();
  const unique = passages.filter((p) => {
    const key = `${p.source.kind}#${p.source.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const used = passages
    .map((p) => ({ p, at: p.text.split(/(?<=[.!?])\s+/).map((s) => body.indexOf(strip(s).replace(/[.!?]+$/, ''))).filter((i) => i >= 0)[0] ?? -1 }))
    .filter((u) => u.at >= 0)
    .sort((a, b) => a.at - b.at);
  const chosen: Passage[] = [];
  const picked = new Set<string>();
  for (const { p } of used) {
    const key = `${p.source.kind}#${p.source.id}`;
    if (picked.has(key)) continue;
    picked.add(key);
    chosen.push(p);
  }
  // The generator's own numbered list ("Sources: [1] Peru (country fact sheet); [2] …"), when it wrote one, is the order the marks in the text refer to.
  const trailer = answer.split(/\n\s*Sources:/)[1];
  const listed = trailer
    ? unique
        .map((p) => ({ p, at: trailer.indexOf(`] ${p.source.title} (`) }))
        .filter((x) => x.at >= 0)
        .sort((a, b) => a.at - b.at)
        .map((x) => x.p)
    : [];
  return (listed.length > 0 ? listed : chosen.length > 0 ? chosen : unique).map((p) => ({
    kind: p.source.kind,
    id: p.source.id,
    title: p.source.title,
    excerpt: p.text.length > EXCERPT_MAX ? `${p.text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : p.text,
  }));
}

export async function answerQuestion(
  input: { message: string; subject: TutorSubject; history: readonly ContextMessage[]; onText?: (piece: string) => Promise<void> | void },
  deps: TutorDeps,
): Promise<TutorAnswer> {
  let passages = await findPassages(deps.knowledgeBase, input.message, input.subject, input.history);
  const facts = deps.countryFacts ? await deps.countryFacts() : [];
  const country = facts.length > 0 ? countryQuestion(input.message, facts) : undefined;
  const stated = country ? answerCountryQuestion(country, facts) : [];
  const held = stated.some((s) => s.sources.some((c) => deps.withholds?.({ text: s.text, source: { kind: 'country', id: c.code, title: c.name } })));
  if (country && stated.length > 0 && !held) return streamed(factAnswer(country, stated, passages), input.onText);
  if (passages.length === 0) {
    await input.onText?.(M.nothingFound);
    return { response: M.nothingFound, citations: [], grounded: false, generator: null };
  }
  // Below the confidence bar the tutor says it is not sure rather than state a different fact.
  let selection = selectAnswer(input.message, passages);
  if (!selection) {
    // Once more on the question's own terms alone (the framing words pull the search elsewhere), then abstain.
    const more = await findPassages(deps.knowledgeBase, questionShape(input.message).terms.map((t) => t.lemma).join(' '), input.subject, []);
    const seen = new Set(passages.map((p) => p.chunkId));
    passages = [...passages, ...more.filter((p) => !seen.has(p.chunkId))];
    selection = selectAnswer(input.message, passages);
  }
  if (!selection) return streamed(notSure(input.message, passages), input.onText);
  const generator = await deps.generator();
  if (generator.id === EMBEDDED_GENERATOR_ID) return streamed(selectedAnswer(selection, generator.id), input.onText);
  // A language model writes from the same passages, the ones selected first, with the fact sheets of the countries the question names.
  const chosen = new Set(selection.sentences.map((s) => s.passage.chunkId));
  const sheets = factSheetPassages(input.message, facts, deps.withholds).filter((s) => !passages.some((p) => p.source.kind === 'country' && p.source.id === s.source.id));
  const ordered = [...sheets, ...passages.filter((p) => chosen.has(p.chunkId)), ...passages.filter((p) => !chosen.has(p.chunkId))];
  let text = '';
  for await (const piece of generator.generate({ task: 'tutor', instruction: TUTOR_MODEL_INSTRUCTION, query: input.message, passages: ordered, history: toTurns(input.history), maxWords: 160 })) {
    if (!piece) continue;
    text += piece;
    await input.onText?.(piece);
  }
  const response = text.trim();
  if (!response) return { response: M.noContent, citations: [], grounded: false, generator: generator.id };
  return modelAnswer(response, ordered, generator.id);
}

/**
 * A model's reply as the tutor returns it: grounded only when it cites passages it was given for
 * every sentence; the citations are the passages its [n] marks name, in the order first cited. An
 * abstention, or a reply with an uncited or invented claim, is returned as written but not grounded.
 */
export function modelAnswer(response: string, passages: readonly Passage[], generatorId: string): TutorAnswer {
  const read = parseCitedAnswer(response, passages.length);
  if (read.abstained) return { response, citations: notSure('', passages).citations, grounded: false, generator: generatorId };
  const cited: Passage[] = [];
  for (const n of read.cited) {
    const p = passages[n - 1]!;
    if (!cited.some((c) => c.source.kind === p.source.kind && c.source.id === p.source.id)) cited.push(p);
  }
  return { response, citations: cited.length ? cited.map(citationOf) : citationsFor(response, passages), grounded: isGroundedReply(read), generator: generatorId };
}

/** The fact sheets of the countries a question names, as passages for a model (none that would give away a scored question). */
export function factSheetPassages(message: string, facts: readonly CountryFacts[], withholds?: TutorDeps['withholds']): Passage[] {
  const text = ` ${message.toLowerCase()} `;
  return facts
    .filter((c) => new RegExp(`[^a-z]${c.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^a-z]`).test(text))
    .slice(0, 3)
    .map((c): Passage => ({
      chunkId: `country#${c.code}#facts`,
      text: Object.values(c.sentences).join(' '),
      subject: 'geography',
      category: 'country',
      source: { kind: 'country', id: c.code, title: c.name },
      similarity: 1,
    }))
    .filter((p) => !withholds?.(p));
}

/**
 * Batches streamed pieces for the WebSocket: a push at most every `intervalMs` (a model
 * streams a few characters at a time; one PostToConnection per token would be wasteful),
 * and whatever is left at the end.
 */
export function chunkBatcher(send: (seq: number, text: string) => Promise<void>, intervalMs = 80): { add: (piece: string) => Promise<void>; flush: () => Promise<void> } {
  let buffer = '';
  let seq = 0;
  let last = 0;
  const flush = async () => {
    if (!buffer) return;
    const text = buffer;
    buffer = '';
    last = Date.now();
    await send(seq++, text);
  };
  return {
    add: async (piece) => {
      buffer += piece;
      if (Date.now() - last >= intervalMs) await flush();
    },
    flush,
  };
}

/** Streams an answer composed here (no generator) in its pieces and returns it whole. */
async function streamed(answer: TutorAnswer & { readonly pieces: readonly string[] }, onText: ((piece: string) => Promise<void> | void) | undefined): Promise<TutorAnswer> {
  for (const piece of answer.pieces) await onText?.(piece);
  const { pieces: _pieces, ...rest } = answer;
  return rest;
}

const excerpt = (text: string): string => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text);

/**
 * A country question answered from the fact sheets: each sentence cites the sheets it rests
 * on ([n] as the extractive generator marks them), and a retrieved document or guide passage
 * that states the same fact about the same country is cited after them (the student sees the
 * fact confirmed where the knowledge base says it too).
 */
export function factAnswer(question: CountryQuestion, stated: readonly FactSentence[], passages: readonly Passage[]): TutorAnswer & { readonly pieces: readonly string[] } {
  const sheets: CountryFacts[] = [];
  const marks = (sources: readonly CountryFacts[]) =>
    sources.map((c) => {
      let n = sheets.findIndex((s) => s.code === c.code) + 1;
      if (n === 0) n = sheets.push(c);
      return `[${n}]`;
    });
  const pieces = stated.map((s, i) => `${i ? ' ' : ''}${s.text} ${marks(s.sources).join(' ')}`);
  const confirming = question.kind === 'fact' ? passages.filter((p) => confirms(p, question)).slice(0, 2) : [];
  const titles = [...sheets.map((c) => describeSource({ kind: 'country', id: c.code, title: c.name })), ...confirming.map((p) => describeSource(p.source))];
  pieces.push(`\n\nSources: ${titles.map((t, i) => `[${i + 1}] ${t}`).join('; ')}`);
  const citations: Citation[] = [
    ...sheets.map((c) => ({
      kind: 'country' as const,
      id: c.code,
      title: c.name,
      excerpt: excerpt(
        stated
          .filter((s) => s.sources.includes(c))
          .map((s) => sheetSentence(c, question) ?? s.text)
          .filter((t, i, all) => all.indexOf(t) === i)
          .join(' '),
      ),
    })),
    ...confirming.map((p) => ({ kind: p.source.kind, id: p.source.id, title: p.source.title, excerpt: excerpt(p.text) })),
  ];
  return { response: pieces.join('').trim(), pieces, citations, grounded: true, generator: null };
}

/** The sheet's own words for what was asked (superlatives quote each sheet's area). */
function sheetSentence(c: CountryFacts, question: CountryQuestion): string | undefined {
  if (question.kind === 'superlative') return question.measure === 'area' ? c.sentences.area : c.sentences.borders;
  if (question.kind === 'enclosed-by') return c.sentences.borders;
  const fact = question.fact === 'border-count' ? 'borders' : question.fact;
  return c.sentences[fact];
}

/** A non-sheet passage that names the country and states the same capital, currency or languages. */
function confirms(passage: Passage, question: Extract<CountryQuestion, { kind: 'fact' }>): boolean {
  if (passage.source.kind === 'country' || passage.source.kind === 'question') return false;
  const text = passage.text.toLowerCase();
  return question.countries.every((c) => {
    const values = question.fact === 'capital' ? c.capitals : question.fact === 'languages' ? c.languages : [];
    return values.length > 0 && text.includes(c.name.toLowerCase()) && values.every((v) => text.includes(v.toLowerCase()));
  });
}

const citationOf = (p: Passage): Citation => ({ kind: p.source.kind, id: p.source.id, title: p.source.title, excerpt: excerpt(p.text) });

/** The selected sentences in order, each marked with its source, then the Sources line (the extractive generator's format). */
export function selectedAnswer(selection: Selection, generatorId: string): TutorAnswer & { readonly pieces: readonly string[] } {
  const cited: Passage[] = [];
  const pieces = selection.sentences.map(({ text, passage }, i) => {
    let n = cited.findIndex((p) => p.source.kind === passage.source.kind && p.source.id === passage.source.id) + 1;
    if (n === 0) n = cited.push(passage);
    return `${i ? ' ' : ''}${text} [${n}]`;
  });
  pieces.push(`\n\nSources: ${cited.map((p, i) => `[${i + 1}] ${describeSource(p.source)}`).join('; ')}`);
  return { response: pieces.join('').trim(), pieces, citations: cited.map(citationOf), grounded: true, generator: generatorId };
}

/** The study guide a citation of kind 'guide' opens (the guides page opens one by its id). */
export const guideLink = (id: string): string => `/study?guide=${encodeURIComponent(id)}`;

/**
 * The honest abstention: not sure, no guess, and what our guides say about the
 * question's topic, with links; without a guide on it, where to look instead. Not grounded.
 */
export function notSure(question: string, passages: readonly Passage[]): TutorAnswer & { readonly pieces: readonly string[] } {
  const topic = questionShape(question).topic || 'that';
  const guides = passages.filter((p, i) => p.source.kind === 'guide' && passages.findIndex((q) => q.source.id === p.source.id && q.source.kind === 'guide') === i).slice(0, 3);
  const response = guides.length
    ? `${TUTOR_ABSTAIN_PREFIX}; here is what our guides say about ${topic}: ${guides.map((g) => `“${g.source.title}” (${guideLink(g.source.id)})`).join(', ')}.`
    : `${TUTOR_ABSTAIN_PREFIX}, and our study material does not answer that, so I won't guess. Try the study guides (/study) or ask a more specific question about ${topic}.`;
  return { response, pieces: [response], citations: guides.map(citationOf), grounded: false, generator: null };
}
