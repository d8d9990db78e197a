import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#functions/routes.ts';
import { ROUTES } from '#functions/routes.ts';
import { compileRoutes, matchRoute } from './route-matcher.ts';

const route = (method: RouteDefinition['method'], path: `/api/${string}`, name: string): RouteDefinition => ({
  method,
  path,
  name,
  entry: `functions/test/${name}.ts`,
  auth: 'jwt',
  response: 'no-content',
});

// Areas own their tables, so a parameter route of one area may come before a literal one of another.
const TABLE = [
  route('GET', '/api/friends/{friendId}', 'GetFriend'),
  route('GET', '/api/friends/{friendId}/activity', 'GetFriendActivity'),
  route('GET', '/api/friends/requests', 'ListFriendRequests'),
  route('POST', '/api/friends/requests', 'SendFriendRequest'),
  route('GET', '/api/{area}/requests', 'AnyRequests'),
  route('GET', '/api/quiz.v1/rounds', 'Dotted'),
];
const compiled = compileRoutes(TABLE);
const nameOf = (method: string, path: string) => matchRoute(compiled, method, path)?.route.name;

describe('matching a request to a route, as API Gateway does', () => {
  it.each([
    ['GET', '/api/friends/requests', 'ListFriendRequests'], // literal beats {friendId}, listed later
    ['POST', '/api/friends/requests', 'SendFriendRequest'],
    ['GET', '/api/friends/u-42', 'GetFriend'],
    ['GET', '/api/friends/u-42/activity', 'GetFriendActivity'],
    ['GET', '/api/groups/requests', 'AnyRequests'],
    ['GET', '/api/quiz.v1/rounds', 'Dotted'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(nameOf(method, path)).toBe(expected);
  });

  it.each([
    ['DELETE', '/api/friends/requests'],
    ['GET', '/api/friends'],
    ['GET', '/api/friends/u-42/activity/extra'],
    ['GET', '/api/quizXv1/rounds'], // a dot in a path is a dot, not "any character"
    ['GET', '/api/friends/requests/'],
  ])('%s %s matches nothing', (method, path) => {
    expect(nameOf(method, path)).toBeUndefined();
  });

  it('hands back the raw parameter values by name', () => {
    expect(matchRoute(compiled, 'GET', '/api/friends/a%20b/activity')?.rawParams).toEqual({ friendId: 'a%20b' });
  });

  it('finds every route of the real table by its own path', () => {
    const real = compileRoutes(ROUTES);
    for (const r of ROUTES) expect(matchRoute(real, r.method, r.path.replace(/\{\w+\}/g, 'x1'))?.route.name).toBe(r.name);
  });
});
