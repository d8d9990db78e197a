import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { bundleExtras, writeBundleExtras } from './bundle-extras.ts';

/** The repository root: entries, package.json `imports` and the lock file are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const repoPath = (relative: string): string => path.join(REPO_ROOT, relative);

/**
 * How every Lambda is bundled. NodejsFunction (ProjectFunction) and the bundle-size
 * benchmark both read this one description, so the numbers the benchmark prints are
 * the bundles that get deployed.
 */
export const LAMBDA_BUNDLE = {
  target: 'node24',
  format: 'esm',
  // SDK v3, zod and jose ship ES modules; prefer them so esbuild can tree-shake.
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Stack traces map back to our files without shipping every dependency's source.
  sourcesContent: false,
  // ESM output has no `require`; a CommonJS dependency that require()s a Node built-in would
  // throw "Dynamic require is not supported" at run time. None does today: cheap insurance.
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  // The SDK is bundled, so a deploy never depends on the runtime's SDK version.
  externalModules: [] as string[],
  // Packages replaced by a file of ours: the SDK's credential chain by the one link that
  // answers in Lambda, the environment (functions/lib/lambda-credentials.ts says why).
  alias: { '@aws-sdk/credential-provider-node': './functions/lib/lambda-credentials.ts' },
} as const;

/**
 * Bundling copies the extras from their scratch folders during synth, in this process: they go
 * when the process ends. One exit listener for all of them (a listener each would pass Node's
 * limit of 10 once ten functions have extras).
 */
const scratchFolders = new Set<string>();
function removeAtExit(folder: string): void {
  if (scratchFolders.size === 0) process.once('exit', () => scratchFolders.forEach((f) => rmSync(f, { recursive: true, force: true })));
  scratchFolders.add(folder);
}

/**
 * LAMBDA_BUNDLE in NodejsFunction's terms. A function with extras (bundle-extras.ts) gets
 * its packages left out of the bundle and, after bundling, its files and pre-bundled
 * packages copied beside index.mjs (prepared here, at synth, in a scratch directory).
 */
export function nodejsBundling(entry: string): BundlingOptions {
  const extras = bundleExtras(entry);
  const hasExtras = extras.files.length > 0 || extras.packages.length > 0;
  const staged = hasExtras ? mkdtempSync(path.join(tmpdir(), 'lambda-extras-')) : undefined;
  if (staged) {
    writeBundleExtras(entry, staged, REPO_ROOT);
    removeAtExit(staged);
  }
  return {
    target: LAMBDA_BUNDLE.target,
    format: OutputFormat.ESM,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    minify: LAMBDA_BUNDLE.minify,
    sourceMap: LAMBDA_BUNDLE.sourceMap,
    sourcesContent: LAMBDA_BUNDLE.sourcesContent,
    banner: LAMBDA_BUNDLE.banner,
    bundleAwsSDK: true,
    externalModules: [...LAMBDA_BUNDLE.externalModules, ...extras.packages],
    esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_BUNDLE.alias).map(([pkg, file]) => [`--alias:${pkg}`, file])),
    logLevel: LogLevel.WARNING,
    ...(staged
      ? {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir: string, outputDir: string) => [`cp -R "${staged}/." "${outputDir}/"`],
          },
        }
      : {}),
  };
}

/**
 * LAMBDA_BUNDLE in esbuild's terms (what NodejsFunction passes on its command line). The
 * extras beside the bundle are written by writeBundleExtras (bundle-extras.ts).
 */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [repoPath(entry)],
    outfile,
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLE.target,
    format: LAMBDA_BUNDLE.format,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    minify: LAMBDA_BUNDLE.minify,
    sourcemap: LAMBDA_BUNDLE.sourceMap,
    sourcesContent: LAMBDA_BUNDLE.sourcesContent,
    banner: { js: LAMBDA_BUNDLE.banner },
    external: [...LAMBDA_BUNDLE.externalModules, ...bundleExtras(entry).packages],
    alias: { ...LAMBDA_BUNDLE.alias },
    logLevel: 'warning',
  };
}
