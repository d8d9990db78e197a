import { createKnowledgeBase, type ChunkSearch } from './knowledge-base.ts';
import type { Embedder, KnowledgeBase, TextGenerator } from './types.ts';

/**
 * The AI layer, chosen by configuration (environment):
 * - AI_PROVIDER=bedrock (set by the CDK app on functions with the `ai` access flag): Amazon
 *   Bedrock, BEDROCK_TEXT_MODEL_ID through ConverseStream, BEDROCK_EMBEDDING_MODEL_ID for vectors;
 * - otherwise the embedded provider (npm start, tests; offline, no GPU): the grounded extractive
 *   generator and pretrained word vectors with BM25, or, when AI_LOCAL_MODEL_PATH names a GGUF
 *   file, node-llama-cpp writes the text (the vectors stay embedded).
 *
 * Implementations are imported dynamically, so a Bedrock Lambda never loads the embedded code.
 */
export type { Embedder, KnowledgeBase, Passage, SearchOptions, SourceRef, TextGenerator, GenerateRequest, ChatTurn } from './types.ts';

export interface AiConfig {
  readonly provider: 'bedrock' | 'embedded';
  readonly textModelId: string;
  readonly embeddingModelId: string;
  readonly localModelPath: string | undefined;
}

export const DEFAULT_TEXT_MODEL = 'amazon.nova-lite-v1:0';
export const DEFAULT_EMBEDDING_MODEL = 'amazon.titan-embed-text-v2:0';

export function aiConfig(environment: NodeJS.ProcessEnv = process.env): AiConfig {
  return {
    provider: environment.AI_PROVIDER === 'bedrock' ? 'bedrock' : 'embedded',
    textModelId: environment.BEDROCK_TEXT_MODEL_ID || DEFAULT_TEXT_MODEL,
    embeddingModelId: environment.BEDROCK_EMBEDDING_MODEL_ID || DEFAULT_EMBEDDING_MODEL,
    localModelPath: environment.AI_LOCAL_MODEL_PATH || undefined,
  };
}

let generatorPromise: Promise<TextGenerator> | undefined;
let embedderPromise: Promise<Embedder> | undefined;
let kb: ChunkSearch | undefined;

/** The text generator of this configuration (one per process). */
export function textGenerator(): Promise<TextGenerator> {
  generatorPromise ??= createGenerator(aiConfig()).catch((error: unknown) => {
    generatorPromise = undefined;
    throw error;
  });
  return generatorPromise;
}

/** The embedder of this configuration (one per process). */
export function embedder(): Promise<Embedder> {
  embedderPromise ??= createEmbedder(aiConfig()).catch((error: unknown) => {
    embedderPromise = undefined;
    throw error;
  });
  return embedderPromise;
}

/** Similarity search over the knowledge base (documents, country fact sheets, the bank's explanations, guides). */
export function knowledgeBase(): KnowledgeBase {
  return chunkSearch();
}

/** The knowledge base with the internal extras (search by source kind, cache reset). */
export function chunkSearch(): ChunkSearch {
  kb ??= createKnowledgeBase({ embedder, hybrid: aiConfig().provider === 'embedded' });
  return kb;
}

export async function createGenerator(config: AiConfig): Promise<TextGenerator> {
  if (config.provider === 'bedrock') return (await import('./bedrock.ts')).bedrockGenerator(config.textModelId);
  if (config.localModelPath) return (await import('./llama.ts')).llamaGenerator(config.localModelPath);
  return (await import('./embedded-generator.ts')).embeddedGenerator();
}

export async function createEmbedder(config: AiConfig): Promise<Embedder> {
  if (config.provider === 'bedrock') return (await import('./bedrock.ts')).bedrockEmbedder(config.embeddingModelId);
  return (await import('./embedded-embedder.ts')).embeddedEmbedder();
}

/** Tests switch configuration between cases. */
export function resetAiForTests(): void {
  generatorPromise = undefined;
  embedderPromise = undefined;
  kb = undefined;
}
