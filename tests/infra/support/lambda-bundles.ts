import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { writeBundleExtras, type ExtraFile } from '#infra/constructs/bundle-extras.ts';
import { esbuildOptions, REPO_ROOT } from '#infra/constructs/bundling.ts';
import { allFunctions, type PlatformFunction } from '#infra/stacks/function-access.ts';
import { scratchFolder } from './unbundled-platform.ts';

/** One function's bundle as CDK bundles it (esbuildOptions), with what ships beside it. */
export interface LambdaBundle {
  /** The folder Lambda would run: index.mjs and the extras beside it. */
  readonly dir: string;
  readonly file: string;
  readonly bytes: number;
  /** The bundle's inputs, each with the bytes it adds to the output. */
  readonly inputs: Metafile['outputs'][string]['inputs'];
  readonly extras: ExtraFile[];
}

/** Bundles at a time: esbuild runs a build on every core, but part of each on one, so two overlap. */
const CONCURRENCY = 2;

let outDir: string | undefined;
const bundled = new Map<string, Promise<LambdaBundle>>();

function bundleOf(fn: PlatformFunction): Promise<LambdaBundle> {
  let bundle = bundled.get(fn.name);
  if (!bundle) {
    outDir ??= scratchFolder('lambda-bundles-');
    const dir = path.join(outDir, fn.name);
    const file = path.join(dir, 'index.mjs');
    bundle = build({ ...esbuildOptions(fn.entry, file), metafile: true }).then(({ metafile }) => {
      const output = Object.values(metafile.outputs).find((o) => o.entryPoint);
      const extras = writeBundleExtras(fn.entry, dir, REPO_ROOT);
      return { dir, file, bytes: output?.bytes ?? 0, inputs: output?.inputs ?? {}, extras };
    });
    bundled.set(fn.name, bundle);
  }
  return bundle;
}

/**
 * The functions' bundles (all of infra/stacks/function-access.ts allFunctions unless named), by
 * function name. Each function is bundled once per run, into a folder of its own: the infra
 * files share one worker, so bundles.test.ts and ai-bundles.test.ts read the same bundles. A test
 * may add files beside a bundle (a probe) but must not change the bundle or its extras.
 */
export async function lambdaBundles(functions: readonly PlatformFunction[] = allFunctions()): Promise<Map<string, LambdaBundle>> {
  const queue = [...functions];
  const worker = async () => {
    for (let fn = queue.shift(); fn; fn = queue.shift()) await bundleOf(fn);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return new Map(await Promise.all(functions.map(async (fn) => [fn.name, await bundleOf(fn)] as const)));
}
