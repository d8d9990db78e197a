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
 *   node_modules/<name>/index.mjs next to it, so the handler's `import('<name>')` resolves
 *   there in Lambda exactly as it resolves the installed package when run from source.
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

export const bundleExtras = (entry: string): BundleExtras => BUNDLE_EXTRAS[entry] ?? (usesAi(entry) ? AI_EXTRAS : NONE);

/**
 * How each shipped package is pre-bundled: its named exports, and what of it is left out.
 * jspdf: html2canvas, DOMPurify and canvg serve only `.html()` and SVG (browser-only, each
 * require()d lazily when used); fast-png only decodes PNG images. None is used for text.
 */
const PACKAGE_BUILDS = {
  jspdf: { exports: ['jsPDF'], external: ['html2canvas', 'dompurify', 'canvg', 'core-js'], empty: ['fast-png'] },
  // The ES build, so only the two commands the AI layer sends (and their shapes) are kept.
  '@aws-sdk/client-bedrock-runtime': { exports: ['BedrockRuntimeClient', 'ConverseStreamCommand', 'InvokeModelCommand'], external: [], empty: [], mainFields: ['module', 'main'] },
} as const;

/** `{ name, bytes }` of everything written beside a bundle. */
export interface ExtraFile {
  name: string;
  bytes: number;
}

/**
 * Writes a bundle's extras into `dir` (the directory of its index.mjs): the files at its
 * top level and each package as node_modules/<name>/{index.mjs,package.json}.
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
    const spec = PACKAGE_BUILDS[name];
    const pkgDir = path.join(dir, 'node_modules', name);
    rmSync(pkgDir, { recursive: true, force: true });
    mkdirSync(pkgDir, { recursive: true });
    const outfile = path.join(pkgDir, 'index.mjs');
    buildSync({
      stdin: {
        contents: `export { ${spec.exports.join(', ')} } from '${name}';`,
        resolveDir: repoRoot,
        sourcefile: `${name}-entry.js`,
        loader: 'js',
      },
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'esm',
      minify: true,
      legalComments: 'none',
      // The node build is CommonJS: give its require() of Node built-ins an ESM home.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      external: [...spec.external],
      alias: Object.fromEntries(spec.empty.map((m) => [m, './infra/constructs/empty-module.ts'])),
      ...('mainFields' in spec ? { mainFields: [...spec.mainFields] } : {}),
      logLevel: 'warning',
    });
    writeFileSync(path.join(pkgDir, 'package.json'), `${JSON.stringify({ name, type: 'module', main: 'index.mjs', exports: './index.mjs' })}\n`);
    written.push({ name: `node_modules/${name}/index.mjs`, bytes: statSync(outfile).size });
  }
  return written;
}
