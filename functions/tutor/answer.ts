import { TUTOR_LIMITS, TUTOR_MESSAGES as M, searchSubjectOf, type Citation, type ContextMessage, type TutorSubject } from '#shared/tutor/tutor.ts';
import type { ChatTurn, KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';

/**
 * The tutor's answer to one question: search the knowledge base (by subject; General Help
 * searches all), then have the generator write from those passages only, streaming its
 * pieces to `onText`. With nothing relevant found it says so instead of calling the
 * generator. The citations are the passages the answer used.
 */
export interface TutorDeps {
  readonly knowledgeBase: KnowledgeBase;
  readonly generator: () => Promise<TextGenerator>;
}

export interface TutorAnswer {
  readonly response: string;
  readonly citations: Citation[];
  readonly grounded: boolean;
  readonly generator: string | null;
}

const INSTRUCTION =
  'You are a patient tutor for school students. Answer the question in at most 120 words, using only the passages given; if they do not answer it, say so. Cite the passages you use.';

const EXCERPT_MAX = 280;

const toTurns = (history: readonly ContextMessage[]): ChatTurn[] => history.map((m) => ({ role: m.type === 'user' ? 'user' : 'assistant', content: m.content }));

/** Passages for a question; a follow-up ("and its population?") is searched again with the previous question. */
export async function findPassages(kb: KnowledgeBase, message: string, subject: TutorSubject, history: readonly ContextMessage[]): Promise<Passage[]> {
  const options = { subject: searchSubjectOf(subject), maxResults: TUTOR_LIMITS.passages };
  const found = await kb.search({ query: message, ...options });
  if (found.length > 0) return [...found];
  const previous = [...history].reverse().find((m) => m.type === 'user');
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
  const passages = await findPassages(deps.knowledgeBase, input.message, input.subject, input.history);
  if (passages.length === 0) {
    await input.onText?.(M.nothingFound);
    return { response: M.nothingFound, citations: [], grounded: false, generator: null };
  }
  const generator = await deps.generator();
  let text = '';
  for await (const piece of generator.generate({ task: 'tutor', instruction: INSTRUCTION, query: input.message, passages, history: toTurns(input.history), maxWords: 160 })) {
    if (!piece) continue;
    text += piece;
    await input.onText?.(piece);
  }
  const response = text.trim();
  if (!response) return { response: M.noContent, citations: [], grounded: false, generator: generator.id };
  return { response, citations: citationsFor(response, passages), grounded: true, generator: generator.id };
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
