/**
 * Bundles every Lambda exactly as the CDK app does (infra/constructs/bundling.ts) and
 * prints the minified size of each. Exits non-zero when one reaches the budget: a large
 * bundle is a slow cold start.  Run: npx tsx scripts/bench-bundles.ts
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { writeBundleExtras } from '#infra/constructs/bundle-extras.ts';
import { esbuildOptions, REPO_ROOT } from '#infra/constructs/bundling.ts';
import { allFunctions } from '#infra/stacks/function-access.ts';

const BUDGET_KB = 500;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes per npm package (or per top-level folder of ours) in one bundle. */
function contributors(output: Metafile['outputs'][string]): [string, number][] {
  const sizes = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/')[0] ?? file;
    sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

const rows = [];
for (const fn of allFunctions()) {
  // Nothing is written (write: false); the outfile only names the output.
  const outfile = path.join(tmpdir(), 'bench-bundles', fn.name, 'index.mjs');
  const { metafile } = await build({ ...esbuildOptions(fn.entry, outfile), write: false, metafile: true });
  // The code file only: the source map is not loaded at cold start.
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint);
  if (!output) throw new Error(`esbuild produced no bundle for ${fn.entry}`);
  // What ships beside the bundle (infra/constructs/bundle-extras.ts): loaded when used, not at cold start.
  const extras = writeBundleExtras(fn.entry, path.join(tmpdir(), 'bench-bundles', fn.name), REPO_ROOT);
  rows.push({ ...fn, bytes: output.bytes, output, extras });
}
rows.sort((a, b) => b.bytes - a.bytes);

const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  const flag = r.bytes >= BUDGET_KB * 1024 ? '  OVER BUDGET' : '';
  console.log(`${r.name.padEnd(width)}  ${kb(r.bytes).padStart(10)}  ${r.entry}${flag}`);
  for (const extra of r.extras) console.log(`${''.padEnd(width)}  ${`+ ${kb(extra.bytes)}`.padStart(10)}  beside it: ${extra.name}`);
}
const largest = rows[0];
if (largest) {
  const top = contributors(largest.output).slice(0, 6).map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`);
  console.log(`\nlargest parts of ${largest.name}: ${top.join(', ')}`);
}
console.log(`lambda bundles: ${rows.length}, largest ${kb(largest?.bytes ?? 0)} (budget ${BUDGET_KB} KB)`);
if ((largest?.bytes ?? 0) >= BUDGET_KB * 1024) process.exitCode = 1;
