import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale } from '../infra/local/build-web.ts';

/**
 * The JavaScript a browser downloads to show the landing route: the entry script and
 * every module it preloads, gzipped. Lazy route chunks are not counted. Budget: 170 KB.
 */
const root = resolve(import.meta.dirname, '..');
const BUDGET_KB = 170;
await buildWebIfStale(root);
const dist = join(root, 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!);
let total = 0;
for (const src of new Set(scripts)) {
  const size = gzipSync(readFileSync(join(dist, src))).length / 1024;
  total += size;
  console.log(`${src.padEnd(48)} ${size.toFixed(1).padStart(7)} KB gzip`);
}
console.log(`landing route JavaScript: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (total >= BUDGET_KB) process.exitCode = 1;
