import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { PATH_ID_MAX_LENGTH } from '#shared/validation/path-id.ts';
import type { PathParamSchema } from './route-definition.ts';
import { ROUTES } from './routes.ts';

/**
 * Every `{parameter}` of every route is declared in its table with a shared id schema that
 * bounds its length and its characters, so an absurd path id is refused before any read.
 */
const declared = (route: (typeof ROUTES)[number]): Readonly<Record<string, PathParamSchema>> => ('params' in route ? route.params : undefined) ?? {};

/** The bound a schema states with `.max()`, looking through a transform or refinement. */
function statedMaxLength(schema: z.ZodType): number | null {
  if (schema instanceof z.ZodPipe) return statedMaxLength(schema.in as z.ZodType);
  return schema instanceof z.ZodString || 'maxLength' in schema ? ((schema as { maxLength: number | null }).maxLength ?? null) : null;
}

// Ids an attacker tries: absurdly long runs of every character an id may hold, odd characters,
// traversal, keys of the single table, and nothing at all.
const LONG = ['a', 'A', '0', 'f', 'g', '-', '_', '~', 'T', 'Z'].map((c) => c.repeat(2000));
const ODD = ['', ' ', '../../etc/passwd', 'a/b', 'x%00', 'a b', '<script>', 'DOC#x', 'USER#x', '*', '{}', 'é', '\u0000', '\n'];

const withParams = ROUTES.filter((route) => /\{\w+\}/.test(route.path));

describe('path parameters', () => {
  it('are used by some routes (the walk below is not empty)', () => {
    expect(withParams.length).toBeGreaterThan(40);
  });

  it.each(withParams)('$name: each {parameter} of $path has a schema, and no other is declared', (route) => {
    const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(declared(route)).sort()).toEqual([...inPath].sort());
  });

  it.each(withParams)('$name: its schemas state a bound of at most PATH_ID_MAX_LENGTH and refuse absurd ids', (route) => {
    for (const [name, schema] of Object.entries(declared(route))) {
      const bound = statedMaxLength(schema);
      expect(bound, `${route.name} {${name}} states its maximum length`).not.toBeNull();
      expect(bound!, `${route.name} {${name}}`).toBeLessThanOrEqual(PATH_ID_MAX_LENGTH);
      for (const probe of [...LONG, ...ODD]) expect(schema.safeParse(probe).success, `${route.name} {${name}} accepts ${JSON.stringify(probe.slice(0, 20))}`).toBe(false);
      // Not even a non-string gets through.
      expect(schema.safeParse(undefined).success).toBe(false);
    }
  });

  it('routes without parameters declare none', () => {
    for (const route of ROUTES.filter((r) => !/\{\w+\}/.test(r.path))) expect(Object.keys(declared(route)), route.name).toEqual([]);
  });
});
