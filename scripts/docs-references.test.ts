import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSUMERS, EVENTS } from '#events/catalogue.ts';
import { SCHEDULES } from '#events/schedules.ts';
import { API_AREAS, ROUTES } from '#functions/routes.ts';
import { WEBSOCKET_ROUTES } from '#functions/realtime/routes.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';

/**
 * The README and docs/ name only what exists, and source comments cite no document outside the
 * repository. A moved file, a renamed script or a dropped route fails here with its name.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Top-level folders whose files a document may name; a path under one of them must exist. */
const REPO_FOLDERS = ['functions', 'shared', 'web', 'infra', 'events', 'docs', 'scripts', 'tests', 'eval'];

/** Backticked repository paths: `functions/…`, `web/src/…`, also a bare file like `cdk.json`. */
export function pathsNamed(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, inner = ''] of markdown.matchAll(/`([^`\n]+)`/g)) {
    for (const token of inner.split(/\s+/)) {
      const path = token.replace(/^[("']+|[)"',.:;]+$/g, '');
      if (!REPO_FOLDERS.some((folder) => path.startsWith(`${folder}/`))) continue;
      // Placeholders (`functions/<area>/routes.ts`), globs and templates stand for many files.
      if (/[<>*{}$…]/.test(path)) continue;
      found.add(path);
    }
  }
  // Markdown links to other documents: [x](docs/y.md), [x](runbook.md#anchor).
  for (const [, target = ''] of markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(target)) found.add(target);
  }
  return [...found];
}

/** `npm run <script>` and `npm <script>` for the scripts npm runs without `run`. */
export function scriptsNamed(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, name = ''] of markdown.matchAll(/\bnpm run ([\w:-]+)/g)) names.add(name);
  for (const [, name = ''] of markdown.matchAll(/\bnpm (start|test)\b/g)) names.add(name);
  return [...names];
}

/** `GET /api/...` style mentions; `{anything}` is a path parameter, a query string is dropped. */
export function routesNamed(markdown: string): string[] {
  const routes = new Set<string>();
  for (const [, method, path = ''] of markdown.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/api\/[^\s`),;]*)/g)) {
    const bare = (path.split('?')[0] ?? '').replace(/[.:]+$/, '');
    if (bare.includes('…')) continue;
    routes.add(`${method} ${bare}`);
  }
  return [...routes];
}

const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`;
const knownRoutes = new Set(ROUTES.map((r) => routeKey(r.method, r.path)));
const scripts = new Set(Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>));

/** Folders a build writes (`npm run build:web`): a fresh clone has none until it runs, so what they hold is not looked for. */
const BUILD_OUTPUTS = ['web/dist/'];

/** A path named relative to the document (a link inside docs/) or to the repository, or a build's output. */
function exists(document: string, path: string): boolean {
  if (BUILD_OUTPUTS.some((folder) => path.startsWith(folder))) return true;
  const fromDoc = join(root, document, '..', path);
  return existsSync(join(root, path)) || (document.startsWith('docs/') && existsSync(fromDoc));
}

describe('what the README and docs/ name exists', () => {
  it.each(documents)('%s names only existing files', (document) => {
    const missing = pathsNamed(read(document)).filter((path) => !exists(document, path));
    expect(missing, `${document} names files that do not exist`).toEqual([]);
  });

  it.each(documents)('%s names only npm scripts that package.json has', (document) => {
    expect(scriptsNamed(read(document)).filter((name) => !scripts.has(name))).toEqual([]);
  });

  it.each(documents)('%s names only routes of the route table', (document) => {
    const unknown = routesNamed(read(document)).filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return !knownRoutes.has(routeKey(method, path));
    });
    expect(unknown, `${document} names routes functions/routes.ts does not have`).toEqual([]);
  });

  it('docs/architecture.md names every event, consumer (the match-steps one too) and job, and the README diagram every consumer and job', () => {
    const architecture = read('docs/architecture.md');
    const readme = read('README.md');
    const names = (table: object) => Object.keys(table);
    expect(names(EVENTS).filter((n) => !architecture.includes(`\`${n}\``))).toEqual([]);
    expect([...names(CONSUMERS), ...names(SCHEDULES)].filter((n) => !architecture.includes(`\`${n}\``))).toEqual([]);
    const everyConsumer = [...names(CONSUMERS), MATCH_STEPS.consumer, ...names(SCHEDULES)];
    expect(everyConsumer.filter((n) => !new RegExp(`\\b${n}\\b`).test(readme))).toEqual([]);
    expect(architecture.includes(`\`${MATCH_STEPS.consumer}\``)).toBe(true);
    expect(WEBSOCKET_ROUTES.map((r) => r.routeKey).filter((key) => !architecture.includes(`\`${key}\``))).toEqual([]);
  });

  it.each(documents)('%s counts the API areas as functions/routes.ts does', (document) => {
    const counts = [...read(document).matchAll(/\b(\d+) areas\b|one per area \((\d+)\)/g)].map(([, a, b]) => Number(a ?? b));
    expect(counts.filter((n) => n !== Object.keys(API_AREAS).length)).toEqual([]);
  });

  it('docs/benchmarks.md lists every benchmark script', () => {
    const benchmarks = read('docs/benchmarks.md');
    const scriptsDir = readdirSync(join(root, 'scripts')).filter((f) => /^bench-.*\.ts$/.test(f));
    expect(scriptsDir.filter((f) => !benchmarks.includes(`scripts/${f}`))).toEqual([]);
  });

  it('the README stays short', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(260);
  });
});

/** A citation of a document that is not in the repository: a section sign or a spec file's name. */
export const OUTSIDE_CITATION = /§|\b1-core\b|\b2-social\b|\b3-learning(?:-and-admin)?\b/;

/** The comment text of a source file's lines: `//` comments, and the lines of block comments. */
export function commentLines(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let inBlock = false;
  source.split('\n').forEach((raw, index) => {
    let rest = raw;
    let text = '';
    while (rest.length > 0) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        text += end < 0 ? rest : rest.slice(0, end);
        if (end < 0) break;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      // A comment opens at a line start or after a space or bracket, not inside `'/api/*'` or `http://`.
      const block = rest.search(/(^|[\s{(;,])\/\*/);
      const line = rest.search(/(^|[\s;{}(),])\/\//);
      if (line >= 0 && (block < 0 || line < block)) {
        text += rest.slice(rest.indexOf('//', line));
        break;
      }
      if (block < 0) break;
      inBlock = true;
      rest = rest.slice(rest.indexOf('/*', block) + 2);
    }
    if (text) out.push({ line: index + 1, text });
  });
  return out;
}

const SOURCE_ROOTS = ['functions', 'shared', 'web/src', 'infra', 'events', 'scripts', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|css)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(name) ? [path] : [];
  });
}

describe('comments cite no document outside the repository', () => {
  it('no comment cites a spec section (it states the rule or points to docs/<area>.md)', () => {
    const citations = SOURCE_ROOTS.flatMap(sourceFiles)
      .filter((file) => file !== 'scripts/docs-references.test.ts')
      .flatMap((file) =>
        commentLines(read(file))
          .filter(({ text }) => OUTSIDE_CITATION.test(text))
          .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
      );
    expect(citations).toEqual([]);
  });

  it('every docs/<area>.md a comment points to exists', () => {
    const broken = SOURCE_ROOTS.flatMap(sourceFiles)
      .filter((file) => file !== 'scripts/docs-references.test.ts')
      .flatMap((file) =>
        commentLines(read(file)).flatMap(({ line, text }) =>
          [...text.matchAll(/\bdocs\/([\w-]+\.md)\b/g)].filter(([, name = '']) => !existsSync(join(root, 'docs', name))).map(([ref]) => `${file}:${line}: ${ref}`),
        ),
      );
    expect(broken).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a missing file, script and route', () => {
    const bad = 'See `functions/nowhere/gone.ts`, run `npm run no-such-script`, call `GET /api/no-such-route`.';
    expect(pathsNamed(bad).filter((path) => !existsSync(join(root, path)))).toEqual(['functions/nowhere/gone.ts']);
    expect(scriptsNamed(bad).filter((name) => !scripts.has(name))).toEqual(['no-such-script']);
    expect(routesNamed(bad).filter((r) => !knownRoutes.has(routeKey(...(r.split(' ') as [string, string]))))).toEqual(['GET /api/no-such-route']);
  });

  it('accept a real route with another parameter name, and placeholders', () => {
    expect(knownRoutes.has(routeKey('POST', '/api/quiz/rounds/{id}/answers'))).toBe(true);
    expect(pathsNamed('`functions/<area>/routes.ts` and `web/src/features/*`')).toEqual([]);
  });

  it('find a citation in a comment and not in code', () => {
    const source = ["const a = 'see §4';", '// the limit of §9', '/**', ' * (2-social: ten a day)', ' */', "const glob = '/api/*'; // §1 after code", "const b = '§2';"].join('\n');
    expect(commentLines(source).filter(({ text }) => OUTSIDE_CITATION.test(text)).map(({ line }) => line)).toEqual([2, 4, 6]);
  });
});
