import type { RouteDefinition } from '#functions/routes.ts';

/**
 * Finds the route of a request as API Gateway's HTTP API does: the method must match and
 * the most specific path wins (a literal segment beats a `{parameter}`, compared from the
 * left), whatever the order of the route table. Each area owns its own table, so the
 * order of ROUTES says nothing.
 */
export interface CompiledRoute<R extends RouteDefinition = RouteDefinition> {
  readonly route: R;
  readonly pattern: RegExp;
  readonly params: readonly string[];
  /** Per segment: true for a literal, false for a parameter. */
  readonly literals: readonly boolean[];
}

export function compileRoutes<R extends RouteDefinition>(routes: readonly R[]): CompiledRoute<R>[] {
  return routes.map((route) => {
    const params: string[] = [];
    const segments = route.path.split('/').slice(1);
    const source = segments
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return escape(segment);
        params.push(param);
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^/${source}$`), params, literals: segments.map((s) => !s.startsWith('{')) };
  });
}

export interface RouteMatch<R extends RouteDefinition> {
  readonly route: R;
  /** Raw (still percent-encoded) values of the path parameters, by name. */
  readonly rawParams: Readonly<Record<string, string>>;
}

export function matchRoute<R extends RouteDefinition>(compiled: readonly CompiledRoute<R>[], method: string, path: string): RouteMatch<R> | undefined {
  let best: { entry: CompiledRoute<R>; values: string[] } | undefined;
  for (const entry of compiled) {
    if (entry.route.method !== method) continue;
    const values = entry.pattern.exec(path)?.slice(1);
    if (!values) continue;
    if (!best || moreSpecific(entry, best.entry)) best = { entry, values };
  }
  if (!best) return undefined;
  const { entry, values } = best;
  return { route: entry.route, rawParams: Object.fromEntries(entry.params.map((name, i) => [name, values[i]!])) };
}

/** Same number of segments (both matched one path): the first literal where the other has a parameter wins. */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): boolean {
  for (let i = 0; i < a.literals.length; i++) {
    if (a.literals[i] !== b.literals[i]) return a.literals[i]!;
  }
  return false;
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
