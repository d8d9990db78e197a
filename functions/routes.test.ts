import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_AREAS, ROUTES, type ApiArea } from './routes.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const areas = Object.keys(API_AREAS) as ApiArea[];

describe('the route table', () => {
  it('is every area table put together, each route tagged with its area', () => {
    expect(ROUTES).toHaveLength(areas.reduce((n, area) => n + API_AREAS[area].length, 0));
    for (const area of areas) {
      expect(API_AREAS[area].length, `${area} has routes`).toBeGreaterThan(0);
      expect(ROUTES.filter((r) => r.area === area).map((r) => r.name)).toEqual(API_AREAS[area].map((r) => r.name));
    }
  });

  it('names every route uniquely across areas (names become construct ids and function names)', () => {
    const names = ROUTES.map((r) => r.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z0-9]{1,47}$/);
  });

  it('serves each method and path once, also when only the parameter names differ', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path.replace(/\{\w+\}/g, '{}')}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it.each(ROUTES)('$name: its handler lives in its area folder and exists', (route) => {
    expect(route.entry.startsWith(`functions/${route.area}/`)).toBe(true);
    expect(existsSync(`${root}${route.entry}`)).toBe(true);
  });

  it.each(ROUTES)('$name: $path has only whole-segment {parameters}', (route) => {
    for (const segment of route.path.split('/').slice(1)) expect(segment).toMatch(/^([a-z0-9-]+|\{[a-zA-Z]\w*\})$/);
  });
});
