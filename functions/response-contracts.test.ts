import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { checksContracts, contractProblem, respond, ResponseContractBroken } from './lib/http.ts';
import { ROUTES } from './routes.ts';

const root = fileURLToPath(new URL('../', import.meta.url));


describe('every route declares its success contract', () => {
  it('names a shared schema or no-content for each route of the table', () => {
    const missing = ROUTES.filter((route) => route.response === undefined).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it.each(ROUTES)('$name: its handler answers through respond() or noContent(), never a bare json()', (route) => {
    const source = readFileSync(`${root}${route.entry}`, 'utf8');
    expect(source).not.toMatch(/\bjson\(/);
  });

  // Handler tests mostly call handlers directly, so the local gateway's check of the declared
  // schema does not see them: the handler must answer with the very schema its route names.
  it.each(ROUTES)('$name: its handler answers with the schema its route names', (route) => {
    const declared = declaredContract(route.area, route.name);
    const sources = handlerSources(route.entry);
    if (declared === "'no-content'") expect(sources).toMatch(/\bnoContent\(\)/);
    else expect(sources).toMatch(new RegExp(`\\brespond\\(\\s*${declared}\\b`));
  });
});

/** How the area's table spells the route's contract: a schema's name, or 'no-content'. */
function declaredContract(area: string, name: string): string | undefined {
  const table = readFileSync(`${root}functions/${area}/routes.ts`, 'utf8');
  const line = table.split('\n').find((text) => text.includes(`name: '${name}'`));
  return line?.match(/response: ('no-content'|\w+)/)?.[1];
}

/** The handler's text and that of the modules of its own folder it imports (a shared ending, like a sign-in's). */
function handlerSources(entry: string): string {
  const source = readFileSync(`${root}${entry}`, 'utf8');
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  const local = [...source.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map(([, file]) => readFileSync(`${root}${folder}${file}`, 'utf8'));
  return [source, ...local].join('\n');
}

describe('contractProblem', () => {
  const schema = z.object({ count: z.number().int(), names: z.array(z.string()) });

  it('passes a body that keeps its schema, and any answer that is not a success', () => {
    expect(contractProblem(schema, 200, JSON.stringify({ count: 1, names: ['a'] }))).toBeUndefined();
    expect(contractProblem(schema, 404, JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }))).toBeUndefined();
    expect(contractProblem('no-content', 204, undefined)).toBeUndefined();
  });

  it('names each field of a drifted body', () => {
    expect(contractProblem(schema, 200, JSON.stringify({ count: '1', names: [2] }))).toMatch(/count: .*; names\.0: /);
    expect(contractProblem(schema, 201, JSON.stringify({ names: [] }))).toMatch(/^count: /);
  });

  it('refuses a body where none is declared, and no body where one is', () => {
    expect(contractProblem('no-content', 200, '{}')).toMatch(/no content/);
    expect(contractProblem(schema, 204, undefined)).toMatch(/204/);
    expect(contractProblem(schema, 200, 'not json')).toMatch(/JSON/);
  });
});

describe('respond', () => {
  const schema = z.object({ id: z.string() });

  it('checks bodies while tests run (the handler and e2e stacks run in vitest too)', () => {
    expect(checksContracts()).toBe(true);
  });

  it('serializes a body that keeps its contract, with the status asked for', () => {
    expect(respond(schema, { id: 'a' }, 201)).toMatchObject({ statusCode: 201, body: '{"id":"a"}' });
  });

  it('fails loudly on a drifted body instead of sending it', () => {
    // A cast stands for the drift the types cannot see: data read from storage, a spread of another shape.
    const drifted = { id: 7 } as unknown as z.input<typeof schema>;
    expect(() => respond(schema, drifted)).toThrow(ResponseContractBroken);
  });
});
