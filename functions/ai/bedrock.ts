import type { BedrockRuntimeClient, Message } from '@aws-sdk/client-bedrock-runtime';
import { mapLimited } from '#shared/async/map-limited.ts';
import { buildPrompt } from './prompt.ts';
import type { Embedder, TextGenerator } from './types.ts';

/**
 * Amazon Bedrock, the provider in AWS: the Converse API (ConverseStream) writes text from the
 * passages; a Titan Text Embeddings v2 or Cohere Embed model makes vectors. Model ids come from
 * CDK context (cdk.json) through the function's environment.
 *
 * The client is imported on first use: in AWS it ships pre-bundled beside the function's bundle
 * (infra/constructs/bundle-extras.ts), so the bundle itself stays within the 500 KB budget.
 */
const SDK = '@aws-sdk/client-bedrock-runtime';
type Sdk = typeof import('@aws-sdk/client-bedrock-runtime');
let sdk: Promise<Sdk> | undefined;
let client: BedrockRuntimeClient | undefined;

async function bedrock(): Promise<{ sdk: Sdk; client: BedrockRuntimeClient }> {
  const loaded = await (sdk ??= import(SDK) as Promise<Sdk>);
  client ??= new loaded.BedrockRuntimeClient({});
  return { sdk: loaded, client };
}

/** Titan v2 can return 256, 512 or 1,024 numbers; 256 keeps an item small and search cheap. */
export const TITAN_DIMENSIONS = 256;
const COHERE_DIMENSIONS = 1024;
/**
 * Titan embeds one text per call. A batch of documents is hundreds of chunks: started all at
 * once they meet Bedrock's per-account request quota and fail; 8 at a time embeds ~250 chunks
 * in a few seconds, well inside the AI routes' 28 s.
 */
export const TITAN_CONCURRENCY = 8;

export function bedrockGenerator(modelId: string): TextGenerator {
  return {
    id: `bedrock:${modelId}`,
    async *generate(request) {
      const prompt = buildPrompt(request);
      const messages: Message[] = [
        ...(request.history ?? []).map((turn): Message => ({ role: turn.role, content: [{ text: turn.content }] })),
        { role: 'user', content: [{ text: prompt.user }] },
      ];
      const { sdk: api, client: runtime } = await bedrock();
      const response = await runtime.send(
        new api.ConverseStreamCommand({
          modelId,
          system: [{ text: prompt.system }],
          messages,
          inferenceConfig: { maxTokens: Math.min(2000, Math.ceil((request.maxWords ?? 400) * 1.6)), temperature: 0.2 },
        }),
      );
      for await (const event of response.stream ?? []) {
        const text = event.contentBlockDelta?.delta?.text;
        if (text) yield text;
      }
    },
  };
}

export function bedrockEmbedder(modelId: string): Embedder {
  const cohere = modelId.includes('cohere.');
  return {
    id: `bedrock:${modelId}`,
    dimensions: cohere ? COHERE_DIMENSIONS : TITAN_DIMENSIONS,
    async embed(texts) {
      if (cohere) {
        const out: Float32Array[] = [];
        // Cohere Embed takes up to 96 texts per call.
        for (let i = 0; i < texts.length; i += 96) {
          const body = await invoke(modelId, { texts: texts.slice(i, i + 96), input_type: 'search_document', truncate: 'END' });
          for (const vector of (body as { embeddings: number[][] }).embeddings) out.push(unit(vector));
        }
        return out;
      }
      return mapLimited(texts, TITAN_CONCURRENCY, async (inputText) => {
        const body = await invoke(modelId, { inputText, dimensions: TITAN_DIMENSIONS, normalize: true });
        return unit((body as { embedding: number[] }).embedding);
      });
    },
  };
}

async function invoke(modelId: string, payload: unknown): Promise<unknown> {
  const { sdk: api, client: runtime } = await bedrock();
  const response = await runtime.send(
    new api.InvokeModelCommand({ modelId, contentType: 'application/json', accept: 'application/json', body: JSON.stringify(payload) }),
  );
  return JSON.parse(new TextDecoder().decode(response.body)) as unknown;
}

function unit(vector: readonly number[]): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i += 1) out[i]! /= norm;
  return out;
}
