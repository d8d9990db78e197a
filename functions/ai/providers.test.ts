import { BedrockRuntimeClient, ConverseStreamCommand, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bedrockEmbedder, bedrockGenerator, TITAN_CONCURRENCY, TITAN_DIMENSIONS } from './bedrock.ts';
import { embeddedGenerator, extractiveAnswer, NOTHING_TO_GROUND } from './embedded-generator.ts';
import { aiConfig, createEmbedder, createGenerator, embedderId } from './index.ts';
import { LLAMA_MODULE, LLAMA_THREADS, llamaGenerator, type LlamaModule } from './llama.ts';
import { buildPrompt, GROUNDING_RULES } from './prompt.ts';
import type { GenerateRequest, Passage } from './types.ts';

const passages: Passage[] = [
  {
    chunkId: 'country#jpn#000',
    text: 'Japan is a country in Eastern Asia. The capital of Japan is Tokyo. The currency of Japan is the Japanese yen (JPY, ¥).',
    subject: 'geography',
    category: 'country',
    source: { kind: 'country', id: 'jpn', title: 'Japan' },
    similarity: 0.82,
  },
  {
    chunkId: 'question#geo-adv-currency-jpn#000',
    text: 'What is the currency of Japan called? Answer: Yen. The yen has been Japan\'s currency since 1871.',
    subject: 'geography',
    category: 'currencies',
    source: { kind: 'question', id: 'geo-adv-currency-jpn', title: 'What is the currency of Japan called?' },
    similarity: 0.77,
  },
];
const request: GenerateRequest = { task: 'tutor', instruction: 'Answer the student.', query: 'What currency does Japan use?', passages };

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

describe('the embedded generator (grounded, extractive)', () => {
  it('answers with sentences of the passages only, each cited, and lists its sources', async () => {
    const text = await collect(embeddedGenerator().generate(request));
    const body = text.split('\n\nSources: ')[0]!;
    const statements = body.split(/ \[\d\]/).map((s) => s.trim()).filter(Boolean);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(passages.some((p) => p.text.includes(statement))).toBe(true);
    expect(text).toContain('The currency of Japan is the Japanese yen (JPY, ¥). [1]');
    expect(text).toMatch(/Sources: \[1\] Japan \(country fact sheet\); \[2\] What is the currency of Japan called\? \(question bank explanation\)$/);
  });

  it('streams the answer in pieces', async () => {
    const pieces: string[] = [];
    for await (const piece of embeddedGenerator().generate(request)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('says it cannot answer when it was given nothing to ground on', async () => {
    expect(await collect(embeddedGenerator().generate({ ...request, passages: [] }))).toBe(NOTHING_TO_GROUND);
  });

  it('keeps within maxWords (whole sentences) and writes a study guide from every passage', () => {
    expect(extractiveAnswer({ ...request, maxWords: 12 }).join('').split('\n\n')[0]!.split(/\s+/).length).toBeLessThanOrEqual(14);
    const guide = extractiveAnswer({ ...request, task: 'study-guide' }).join('');
    expect(guide).toContain('[1]');
    expect(guide).toContain('[2]');
  });
});

describe('the prompt a model gets', () => {
  it('numbers the passages with their sources and forbids anything else', () => {
    const prompt = buildPrompt({ ...request, maxWords: 80 });
    expect(prompt.system).toContain(GROUNDING_RULES);
    // It must abstain rather than guess, cite, and take the country data's fact sheets as settling a country's facts.
    expect(GROUNDING_RULES).toContain('Answer ONLY from the numbered passages');
    expect(GROUNDING_RULES).toContain('Cite the passages you use as [n]');
    expect(GROUNDING_RULES).toContain('say so instead of guessing (for a tutor answer: begin with "I\'m not sure")');
    expect(GROUNDING_RULES).toContain('the fact sheet is right');
    expect(prompt.system).toContain('[1] Japan (country fact sheet): Japan is a country');
    expect(prompt.system).toContain('[2] What is the currency of Japan called? (question bank explanation)');
    expect(prompt.user).toBe('Answer the student.\n\nWhat currency does Japan use?\nUse at most 80 words.');
  });
});

describe('Amazon Bedrock (mocked at the client)', () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  afterEach(() => bedrock.reset());

  it('streams ConverseStream text deltas with the grounded prompt and the conversation', async () => {
    bedrock.on(ConverseStreamCommand).resolves({
      stream: (async function* () {
        yield { messageStart: { role: 'assistant' } };
        yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Japan uses ' } } };
        yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'the yen [1].' } } };
        yield { messageStop: { stopReason: 'end_turn' } };
      })(),
    } as never);
    const generator = bedrockGenerator('amazon.nova-lite-v1:0');
    expect(generator.id).toBe('bedrock:amazon.nova-lite-v1:0');
    const history = [{ role: 'user' as const, content: 'Hi' }, { role: 'assistant' as const, content: 'Hello!' }];
    expect(await collect(generator.generate({ ...request, history }))).toBe('Japan uses the yen [1].');
    const input = bedrock.commandCalls(ConverseStreamCommand)[0]!.args[0].input;
    expect(input.modelId).toBe('amazon.nova-lite-v1:0');
    expect(input.system?.[0]).toEqual({ text: buildPrompt(request).system });
    expect(input.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(input.messages?.at(-1)?.content).toEqual([{ text: buildPrompt(request).user }]);
  });

  it('embeds with Titan (InvokeModel, 256 numbers) as unit vectors', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const { inputText, dimensions, normalize } = JSON.parse(input.body) as { inputText: string; dimensions: number; normalize: boolean };
      expect([dimensions, normalize]).toEqual([TITAN_DIMENSIONS, true]);
      const embedding = Array.from({ length: dimensions }, (_, i) => (i === inputText.length % dimensions ? 2 : 0));
      return { body: new TextEncoder().encode(JSON.stringify({ embedding })) };
    });
    const embedder = bedrockEmbedder('amazon.titan-embed-text-v2:0');
    const [a, b] = await embedder.embed(['abc', 'abcd']);
    expect(embedder.dimensions).toBe(256);
    expect(a![3]).toBe(1);
    expect(b![4]).toBe(1);
    expect(bedrock.commandCalls(InvokeModelCommand)[0]!.args[0].input.modelId).toBe('amazon.titan-embed-text-v2:0');
  });

  it('embeds a large batch with Titan at most TITAN_CONCURRENCY calls at a time, in order', async () => {
    let inFlight = 0;
    let most = 0;
    bedrock.on(InvokeModelCommand).callsFake(async (input: { body: string }) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      const { inputText } = JSON.parse(input.body) as { inputText: string };
      return { body: new TextEncoder().encode(JSON.stringify({ embedding: [Number(inputText), 1] })) };
    });
    const vectors = await bedrockEmbedder('amazon.titan-embed-text-v2:0').embed(Array.from({ length: 60 }, (_, i) => String(i + 1)));
    expect(vectors).toHaveLength(60);
    expect(vectors[59]![0]! / vectors[59]![1]!).toBeCloseTo(60);
    expect(most).toBe(TITAN_CONCURRENCY);
  });

  it('embeds with Cohere in batches of 96', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: string }) => {
      const { texts, input_type } = JSON.parse(input.body) as { texts: string[]; input_type: string };
      expect(input_type).toBe('search_document');
      return { body: new TextEncoder().encode(JSON.stringify({ embeddings: texts.map(() => [3, 4]) })) };
    });
    const vectors = await bedrockEmbedder('cohere.embed-english-v3').embed(Array.from({ length: 100 }, (_, i) => `t${i}`));
    expect(vectors).toHaveLength(100);
    expect(Array.from(vectors[99]!)).toEqual([expect.closeTo(0.6), expect.closeTo(0.8)]);
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(2);
  });
});

describe('a local GGUF model through node-llama-cpp (module mocked)', () => {
  function fakeLlama() {
    const calls = { getLlama: vi.fn(), loadModel: vi.fn(), createContext: vi.fn(), session: vi.fn(), prompt: vi.fn() };
    const module: LlamaModule = {
      getLlama: async (options) => {
        calls.getLlama(options);
        return {
          loadModel: async (o) => {
            calls.loadModel(o);
            return {
              createContext: async (c) => {
                calls.createContext(c);
                return { getSequence: () => 'sequence' };
              },
            };
          },
        };
      },
      LlamaChatSession: class {
        constructor(options: { contextSequence: unknown; systemPrompt: string }) {
          calls.session(options);
        }
        async prompt(text: string, options: { onTextChunk: (chunk: string) => void }) {
          calls.prompt(text);
          for (const chunk of ['Tokyo ', 'is the ', 'capital [1].']) {
            await new Promise((r) => setTimeout(r, 1));
            options.onTextChunk(chunk);
          }
          return 'Tokyo is the capital [1].';
        }
      },
    };
    return { module, calls };
  }

  it('loads the model from the configured path on two threads and streams its text', async () => {
    const { module, calls } = fakeLlama();
    const load = vi.fn(async () => module);
    const generator = await llamaGenerator('/models/qwen2.5-1.5b-instruct-q4.gguf', load);
    expect(load).toHaveBeenCalledWith(LLAMA_MODULE);
    expect(calls.getLlama).toHaveBeenCalledWith({ maxThreads: LLAMA_THREADS });
    expect(LLAMA_THREADS).toBe(2);
    expect(calls.loadModel).toHaveBeenCalledWith({ modelPath: '/models/qwen2.5-1.5b-instruct-q4.gguf' });
    expect(generator.id).toBe('llama:qwen2.5-1.5b-instruct-q4.gguf');
    const pieces: string[] = [];
    for await (const piece of generator.generate(request)) pieces.push(piece);
    expect(pieces).toEqual(['Tokyo ', 'is the ', 'capital [1].']);
    expect(calls.createContext).toHaveBeenCalledWith({ threads: 2 });
    expect(calls.session).toHaveBeenCalledWith({ contextSequence: 'sequence', systemPrompt: buildPrompt(request).system });
  });

  it('says how to install node-llama-cpp when the path is set but the package is missing', async () => {
    const load = async () => {
      throw new Error("Cannot find package 'node-llama-cpp'");
    };
    await expect(llamaGenerator('/models/x.gguf', load)).rejects.toThrow(/AI_LOCAL_MODEL_PATH is set but node-llama-cpp is not installed/);
  });
});

describe('configuration', () => {
  it('is the embedded provider unless AI_PROVIDER=bedrock', () => {
    expect(aiConfig({})).toEqual({ provider: 'embedded', textModelId: 'amazon.nova-lite-v1:0', embeddingModelId: 'amazon.titan-embed-text-v2:0', localModelPath: undefined });
    expect(aiConfig({ AI_PROVIDER: 'bedrock', BEDROCK_TEXT_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0', BEDROCK_EMBEDDING_MODEL_ID: 'cohere.embed-english-v3' })).toMatchObject({
      provider: 'bedrock',
      textModelId: 'anthropic.claude-3-haiku-20240307-v1:0',
      embeddingModelId: 'cohere.embed-english-v3',
    });
    expect(embedderId(aiConfig({ AI_PROVIDER: 'bedrock' }))).toBe('bedrock:amazon.titan-embed-text-v2:0');
    expect(embedderId(aiConfig({}))).toMatch(/^embedded:/);
  });

  it('creates the provider of the configuration', async () => {
    expect((await createGenerator(aiConfig({}))).id).toBe('embedded-extractive');
    expect((await createGenerator(aiConfig({ AI_PROVIDER: 'bedrock' }))).id).toBe('bedrock:amazon.nova-lite-v1:0');
    expect((await createEmbedder(aiConfig({ AI_PROVIDER: 'bedrock' }))).id).toBe('bedrock:amazon.titan-embed-text-v2:0');
    await expect(createGenerator(aiConfig({ AI_LOCAL_MODEL_PATH: '/nonexistent/model.gguf' }))).rejects.toThrow(/node-llama-cpp/);
  });
});
