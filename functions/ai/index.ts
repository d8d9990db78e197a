import { createKnowledgeBase, type ChunkSearch, type KnowledgeBaseOptions } from './knowledge-base.ts';
import { bedrockEmbedder, bedrockGenerator } from './bedrock.ts';
import { embeddedEmbedder } from './embedded-embedder.ts';
import { embeddedGenerator } from './embedded-generator.ts';
import { RERANK_DEPTH, rerankPassages, wordVectorLookup, type WordVectorOf } from './rerank.ts';
import { wordVectors } from './word-vectors.ts';
import { EMBEDDED_EMBEDDER_ID } from './embedder-ids.ts';
import type { Embedder, KnowledgeBase, TextGenerator } from './types.ts';

/**
 * The AI layer, chosen by configuration (environment):
 * - AI_PROVIDER=bedrock (set by the CDK app on functions with the `ai` access flag): Amazon
 *   Bedrock, BEDROCK_TEXT_MODEL_ID through ConverseStream, BEDROCK_EMBEDDING_MODEL_ID for vectors;
 * - otherwise the embedded provider (npm start, tests; offline, no GPU): the grounded extractive
 *   generator and pretrained word vectors with BM25, or, when AI_LOCAL_MODEL_PATH names a GGUF
 *   file, node-llama-cpp writes the text (the vectors stay embedded).
 *
 * The implementations are imported statically (a dynamic import of a module defeats esbuild's
 * tree shaking of the Bedrock client: every command would be bundled); what is heavy is loaded
 * on first use only: wink-nlp and the word vectors by createRequire, node-llama-cpp by import().
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
  const embedded = aiConfig().provider === 'embedded';
  kb ??= createKnowledgeBase({ embedder, hybrid: embedded, rerank: secondStage(embedded) });
  return kb;
}

/** The id the embedder of a configuration will have, without loading it (vectors are stored with it). */
export function embedderId(config: AiConfig = aiConfig()): string {
  return config.provider === 'bedrock' ? `bedrock:${config.embeddingModelId}` : EMBEDDED_EMBEDDER_ID;
}

export async function createGenerator(config: AiConfig): Promise<TextGenerator> {
  if (config.provider === 'bedrock') return bedrockGenerator(config.textModelId);
  if (config.localModelPath) return (await import('./llama.ts')).llamaGenerator(config.localModelPath);
  return embeddedGenerator();
}

export async function createEmbedder(config: AiConfig): Promise<Embedder> {
  if (config.provider === 'bedrock') return bedrockEmbedder(config.embeddingModelId);
  return embeddedEmbedder();
}

/** Tests switch configuration between cases. */
export function resetAiForTests(): void {
  generatorPromise = undefined;
  embedderPromise = undefined;
  kb = undefined;
}

/**
 * The search's second stage (docs/ai.md): names of the question matched by word or word family
 * with any provider, and by word-vector neighbour with the embedded one, whose vectors are loaded
 * anyway (a Bedrock container never loads them).
 */
export function secondStage(embedded: boolean): KnowledgeBaseOptions['rerank'] {
  let lookup: WordVectorOf | undefined;
  const vectorOf: WordVectorOf | undefined = embedded ? (word) => (lookup ??= wordVectorLookup(wordVectors()))(word) : undefined;
  return { depth: RERANK_DEPTH, reorder: (query, passages) => rerankPassages(query, passages, { vectorOf }) };
}
