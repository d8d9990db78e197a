import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import * as nlp from '#functions/ai/nlp.ts';
import { NLP_ENTRIES } from '#infra/constructs/bundle-extras.ts';
import { esbuildOptions, nodejsBundling, REPO_ROOT, repoPath } from '#infra/constructs/bundling.ts';
import { allFunctions } from '#infra/stacks/function-access.ts';
import { nlpAnswers } from '../support/nlp-answers.ts';
import { lambdaBundles, type LambdaBundle } from './support/lambda-bundles.ts';
import { scratchFolder } from './support/unbundled-platform.ts';

/**
 * The NLP a deployed AI function runs is the one the tests run: each function whose bundle holds
 * functions/ai/nlp.ts is bundled as the CDK app bundles it, with what ships beside it, into a
 * directory outside the repository, and its code is run from there in a fresh Node process (as
 * Lambda runs /var/task/index.mjs), where the repository's node_modules are out of reach. There
 * the NLP module must report wink, resolve it from beside the bundle and answer exactly as it
 * answers here, run from source.
 */

const BUDGET_BYTES = 500 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the probe prints: the engine, where wink resolved, and answers that tell wink from the plain tokenizer. */
interface ProbeResult {
  handler: string;
  engine: 'wink' | 'plain';
  resolved: string | null;
  answers: ReturnType<typeof nlpAnswers>;
}

const fromSource = nlpAnswers(nlp);

const functions = allFunctions().filter((fn) => NLP_ENTRIES.has(fn.entry));
const outDir = scratchFolder('ai-bundles-');
const bundles = new Map<string, LambdaBundle>();

/** Bundles `entry`'s handler module together with a probe of its NLP module, exactly as esbuildOptions bundles the handler, into `dir`. */
async function buildProbe(entry: string, dir: string): Promise<string> {
  const probe = path.join(dir, 'probe.mjs');
  const { entryPoints: _entry, ...options } = esbuildOptions(entry, probe);
  await build({
    ...options,
    sourcemap: false,
    stdin: {
      resolveDir: REPO_ROOT,
      loader: 'ts',
      contents: `import { createRequire } from 'node:module';
        import * as handlerModule from './${entry}';
        import * as nlp from './functions/ai/nlp.ts';
        import { nlpAnswers } from './tests/support/nlp-answers.ts';
        const engine = nlp.nlpEngine();
        let resolved = null;
        try { resolved = createRequire(import.meta.url).resolve('wink-nlp'); } catch {}
        const answers = nlpAnswers(nlp);
        process.stdout.write('\\nPROBE ' + JSON.stringify({ handler: typeof handlerModule.handler, engine, resolved, answers }) + '\\n');`,
    },
  });
  return probe;
}

/**
 * Runs a probe in a fresh Node process from its directory, with no NODE_PATH: what it resolves, it
 * resolves from there. `output` is stdout and stderr together (the logger may write to either).
 */
function runProbe(probe: string): { result: ProbeResult; output: string } {
  const run = spawnSync(process.execPath, [probe], { cwd: path.dirname(probe), encoding: 'utf8', env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'INFO' } });
  const output = `${run.stdout}\n${run.stderr}`;
  const line = run.stdout.split('\n').find((l) => l.startsWith('PROBE '));
  if (run.status !== 0 || !line) throw new Error(`the probe failed (exit ${run.status}):\n${output}`);
  return { result: JSON.parse(line.slice('PROBE '.length)) as ProbeResult, output };
}

beforeAll(async () => {
  // The very bundles bundles.test.ts checks, when both run (each function is bundled once a run).
  for (const [name, bundle] of await lambdaBundles(functions)) bundles.set(name, bundle);
}, 300_000);

describe('AI functions in Lambda run the NLP the tests run (wink-nlp, shipped beside the bundle)', () => {
  it('are the functions that use the NLP module: question generation, guides, fact checks, explanations, the tutor, document search and embedding', () => {
    expect(functions.map((fn) => fn.name).sort()).toEqual(
      ['AddVideo', 'AiTutorChat', 'ExplainQuestion', 'FactCheckGuide', 'GenerateQuestions', 'GenerateStudyGuide', 'SearchDocuments', 'SearchSimilarQuestions', 'embed-document'].sort(),
    );
  });

  it('here, run from source, the NLP module is wink', () => {
    expect(nlp.nlpEngine()).toBe('wink');
  });

  describe.each(functions)('$name ($entry)', (fn) => {
    it('ships wink-nlp and its English model beside the bundle, not in it, and not the 294 MB word vectors', () => {
      const bundle = bundles.get(fn.name)!;
      const names = bundle.extras.map((e) => e.name);
      expect(names).toEqual(expect.arrayContaining(['node_modules/wink-nlp/index.cjs', 'node_modules/wink-eng-lite-web-model/index.cjs']));
      expect(names.some((n) => n.startsWith('node_modules/wink-eng-lite-web-model/eng-core-web-model'))).toBe(true);
      expect(names.some((n) => n.includes('wink-embeddings'))).toBe(false);
      expect(Object.keys(bundle.inputs).some((input) => /node_modules\/wink-/.test(input))).toBe(false);
      expect(bundle.bytes, `${fn.name} is ${kb(bundle.bytes)}`).toBeLessThan(BUDGET_BYTES);
    });

    it('loads wink from beside its bundle in a fresh Node process and answers as the tests do', async () => {
      const bundle = bundles.get(fn.name)!;
      const { result, output } = runProbe(await buildProbe(fn.entry, bundle.dir));
      expect(result.handler).toBe('function');
      expect(result.engine, output).toBe('wink');
      expect(result.resolved).toBe(path.join(bundle.dir, 'node_modules', 'wink-nlp', 'index.cjs'));
      expect(result.answers).toEqual(fromSource);
      expect(output).not.toContain('wink-nlp could not be loaded');
    });
  });

  it('the asset CDK deploys (NodejsFunction with nodejsBundling, as ProjectFunction bundles) holds wink, and its NLP runs wink from there', async () => {
    const entry = 'functions/tutor/chat.ts';
    const outdir = path.join(outDir, 'cdk.out');
    const app = new App({ outdir });
    const stack = new Stack(app, 'NlpAsset');
    // ProjectFunction's bundling props, without its environment and grants (not what this checks).
    new NodejsFunction(stack, 'Fn', { entry: repoPath(entry), handler: 'handler', runtime: Runtime.NODEJS_24_X, projectRoot: repoPath('.'), depsLockFilePath: repoPath('package-lock.json'), bundling: nodejsBundling(entry) });
    app.synth();
    const asset = readdirSync(outdir).map((name) => path.join(outdir, name)).find((dir) => existsSync(path.join(dir, 'index.mjs')))!;
    expect(readdirSync(path.join(asset, 'node_modules')).sort()).toEqual(['@aws-sdk', 'wink-eng-lite-web-model', 'wink-nlp']);
    const { result } = runProbe(await buildProbe(entry, asset));
    expect(result.engine).toBe('wink');
    expect(result.resolved).toBe(path.join(asset, 'node_modules', 'wink-nlp', 'index.cjs'));
    expect(result.answers).toEqual(fromSource);
  });

  it('without wink beside the bundle, the same probe runs the plain tokenizer and logs one warning (what AWS ran before)', async () => {
    const fn = functions.find((f) => f.entry === 'functions/generation/generate-questions.ts')!;
    const bare = path.join(outDir, `${fn.name}-without-wink`);
    const { result, output } = runProbe(await buildProbe(fn.entry, bare));
    expect(result.engine).toBe('plain');
    expect(result.answers).not.toEqual(fromSource);
    expect(output.match(/wink-nlp could not be loaded/g)).toHaveLength(1);
  });
});
