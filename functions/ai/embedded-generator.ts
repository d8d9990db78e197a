import { bestSentences, summarize } from './nlp.ts';
import type { GenerateRequest, Passage, SourceRef, TextGenerator } from './types.ts';

/**
 * The embedded default generator: grounded and extractive. It writes nothing of its own
 * except connecting words and the citations: every statement is a sentence of one of the
 * passages it was given, marked [n] with the list of sources at the end, so a student can
 * see where each part of the answer comes from. Works offline, with no model.
 */
export const EMBEDDED_GENERATOR_ID = 'embedded-extractive';

/** What the generator says when it was given nothing to ground an answer on. */
export const NOTHING_TO_GROUND = 'I could not find anything in the knowledge base about that, so I cannot answer it reliably.';

const SENTENCES: Record<GenerateRequest['task'], number> = {
  tutor: 3,
  explanation: 3,
  'study-guide': 8,
  'video-script': 5,
};

const SOURCE_KIND: Record<SourceRef['kind'], string> = {
  document: 'document',
  country: 'country fact sheet',
  question: 'question bank explanation',
  guide: 'study guide',
};

/** "France (country fact sheet)". */
export function describeSource(source: SourceRef): string {
  return `${source.title} (${SOURCE_KIND[source.kind]})`;
}

/** The answer as whole pieces: sentences with their citation marks, then the sources line. */
export function extractiveAnswer(request: GenerateRequest): string[] {
  const { passages } = request;
  if (passages.length === 0) return [NOTHING_TO_GROUND];
  const count = SENTENCES[request.task];
  const chosen =
    request.task === 'study-guide'
      ? studyGuideSentences(passages, count)
      : bestSentences(passages, request.query, count).map((s) => ({ text: s.text, passage: s.passage }));
  const cited: Passage[] = [];
  const pieces: string[] = [];
  let words = 0;
  for (const { text, passage } of chosen) {
    const length = text.split(/\s+/).length;
    if (request.maxWords && words > 0 && words + length > request.maxWords) break;
    words += length;
    let n = cited.findIndex((p) => sameSource(p.source, passage.source)) + 1;
    if (n === 0) {
      cited.push(passage);
      n = cited.length;
    }
    pieces.push(`${pieces.length ? ' ' : ''}${text} [${n}]`);
  }
  pieces.push(`\n\nSources: ${cited.map((p, i) => `[${i + 1}] ${describeSource(p.source)}`).join('; ')}`);
  return pieces;
}

/** For a guide: an extractive summary of each passage in turn (most similar first). */
function studyGuideSentences(passages: readonly Passage[], count: number): { text: string; passage: Passage }[] {
  const perPassage = Math.max(1, Math.ceil(count / passages.length));
  return passages.flatMap((passage) => summarize(passage.text, perPassage).map((text) => ({ text, passage }))).slice(0, count);
}

function sameSource(a: SourceRef, b: SourceRef): boolean {
  return a.kind === b.kind && a.id === b.id;
}

export function embeddedGenerator(): TextGenerator {
  return {
    id: EMBEDDED_GENERATOR_ID,
    async *generate(request) {
      for (const piece of extractiveAnswer(request)) yield piece;
    },
  };
}
