import path from 'node:path';
import { buildPrompt } from './prompt.ts';
import type { GenerateRequest, TextGenerator } from './types.ts';

/**
 * A local GGUF model through node-llama-cpp, when an operator sets AI_LOCAL_MODEL_PATH. The
 * package is not a dependency (its CPU binaries are large): an operator installs it, and it is
 * loaded by dynamic import only here. Two threads: these machines have two cores and the
 * local stack runs beside it.
 */
export const LLAMA_MODULE = 'node-llama-cpp';
export const LLAMA_THREADS = 2;

/** The part of node-llama-cpp (v3) this uses. */
export interface LlamaModule {
  getLlama(options: { maxThreads: number }): Promise<{
    loadModel(options: { modelPath: string }): Promise<{
      createContext(options: { threads: number }): Promise<{ getSequence(): unknown }>;
    }>;
  }>;
  LlamaChatSession: new (options: { contextSequence: unknown; systemPrompt: string }) => {
    prompt(text: string, options: { maxTokens: number; temperature: number; onTextChunk: (chunk: string) => void }): Promise<string>;
  };
}

export type ModuleLoader = (specifier: string) => Promise<unknown>;

const importModule: ModuleLoader = (specifier) => import(/* @vite-ignore */ specifier);

export async function llamaGenerator(modelPath: string, load: ModuleLoader = importModule): Promise<TextGenerator> {
  let llama: LlamaModule;
  try {
    llama = (await load(LLAMA_MODULE)) as LlamaModule;
  } catch (cause) {
    throw new Error(`AI_LOCAL_MODEL_PATH is set but ${LLAMA_MODULE} is not installed (npm install ${LLAMA_MODULE})`, { cause });
  }
  const runtime = await llama.getLlama({ maxThreads: LLAMA_THREADS });
  const model = await runtime.loadModel({ modelPath });
  return {
    id: `llama:${path.basename(modelPath)}`,
    generate: (request) => stream(llama, model, request),
  };
}

type LoadedModel = Awaited<ReturnType<Awaited<ReturnType<LlamaModule['getLlama']>>['loadModel']>>;

async function* stream(llama: LlamaModule, model: LoadedModel, request: GenerateRequest): AsyncGenerator<string> {
  const prompt = buildPrompt(request);
  const history = (request.history ?? []).map((t) => `${t.role === 'user' ? 'Student' : 'Tutor'}: ${t.content}`).join('\n');
  const context = await model.createContext({ threads: LLAMA_THREADS });
  const session = new llama.LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: prompt.system });
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const done = session
    .prompt(history ? `${history}\n\n${prompt.user}` : prompt.user, {
      maxTokens: Math.ceil((request.maxWords ?? 400) * 1.6),
      temperature: 0.2,
      onTextChunk: (chunk) => {
        queue.push(chunk);
        wake?.();
      },
    })
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      finished = true;
      wake?.();
    });
  while (!finished || queue.length > 0) {
    if (queue.length === 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (finished || queue.length > 0) resolve();
      });
      wake = undefined;
      continue;
    }
    yield queue.shift()!;
  }
  await done;
  if (failure) throw failure;
}
