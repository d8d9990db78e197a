import type { Subject } from '#shared/constants.ts';

/**
 * The AI layer's contract. Features (tutor, explanations, videos, generation) depend on these
 * interfaces only; `functions/ai/index.ts` picks the implementation from configuration:
 * Amazon Bedrock in AWS, the embedded grounded provider for `npm start` and tests, or a local
 * GGUF model through node-llama-cpp when the operator sets a model path.
 *
 * Structured parts of a result (key points, related topics, cloze questions, fact-check
 * verdicts) are computed by deterministic NLP over the passages (functions/ai/nlp.ts) for
 * every provider; a generator only writes free text, always from the passages it is given.
 */

/** Where a passage comes from, shown to the student as a citation. */
export interface SourceRef {
  readonly kind: 'document' | 'country' | 'question' | 'guide';
  readonly id: string;
  readonly title: string;
}

/** One chunk of the knowledge base (≤ 512 characters) with its similarity to a query. */
export interface Passage {
  readonly chunkId: string;
  readonly text: string;
  readonly subject: Subject | null;
  readonly category: string;
  readonly source: SourceRef;
  /** 0..1, higher is closer. */
  readonly similarity: number;
}

export interface SearchOptions {
  readonly query: string;
  readonly subject?: Subject;
  readonly category?: string;
  /** The spec's choices 0.3, 0.5, 0.7; default 0.5. */
  readonly threshold?: number;
  /** Default 5. */
  readonly maxResults?: number;
}

export interface KnowledgeBase {
  search(options: SearchOptions): Promise<readonly Passage[]>;
}

export interface ChatTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface GenerateRequest {
  readonly task: 'tutor' | 'explanation' | 'study-guide' | 'video-script';
  /** What to write, for a language model. The extractive generator ignores it. */
  readonly instruction: string;
  /** The student's question or the topic: the extractive generator ranks sentences against it. */
  readonly query: string;
  /**
   * The grounding. Never empty: with nothing relevant found a caller answers with the spec's
   * fallback text instead of calling the generator.
   */
  readonly passages: readonly Passage[];
  /** The last turns of a conversation (the tutor sends at most 5). */
  readonly history?: readonly ChatTurn[];
  readonly maxWords?: number;
}

/** Writes text from passages, streamed in pieces. */
export interface TextGenerator {
  /** e.g. "embedded-extractive", "bedrock:<model id>", "llama:<file>"; recorded with results. */
  readonly id: string;
  generate(request: GenerateRequest): AsyncIterable<string>;
}

/** Turns texts into unit-length vectors of `dimensions` numbers. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
