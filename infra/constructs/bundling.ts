import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/** The repository root: entries, package.json `imports` and the lock file are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const repoPath = (relative: string): string => path.join(REPO_ROOT, relative);

/**
 * How every Lambda is bundled. NodejsFunction (ProjectFunction) and the bundle-size
 * benchmark both read this one description, so the numbers the benchmark prints are
 * the bundles that get deployed.
 */
export const LAMBDA_BUNDLE = {
  target: 'node22',
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
} as const;

/** LAMBDA_BUNDLE in NodejsFunction's terms. */
export function nodejsBundling(): BundlingOptions {
  return {
    target: LAMBDA_BUNDLE.target,
    format: OutputFormat.ESM,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    minify: LAMBDA_BUNDLE.minify,
    sourceMap: LAMBDA_BUNDLE.sourceMap,
    sourcesContent: LAMBDA_BUNDLE.sourcesContent,
    banner: LAMBDA_BUNDLE.banner,
    bundleAwsSDK: true,
    externalModules: [...LAMBDA_BUNDLE.externalModules],
    logLevel: LogLevel.WARNING,
  };
}

/** LAMBDA_BUNDLE in esbuild's terms (what NodejsFunction passes on its command line). */
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
    external: [...LAMBDA_BUNDLE.externalModules],
    logLevel: 'warning',
  };
}
