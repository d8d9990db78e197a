import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../functions/routes.ts';

/**
 * The HTTP API as a client sees it (local API Gateway emulation + real handlers):
 * 401 without a valid token, 404 for unknown routes, 400 for bad input, never a 500.
 */
const api = inject('apiUrl');

async function signedInToken(): Promise<string> {
  const response = await fetch(`${api}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
    body: JSON.stringify({ email: 'student@quizquest.local', password: 'Student#2026' }),
  });
  return ((await response.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

const BODIES = ['', 'null', '[]', '{}', 'not json', '{"email":{"$ne":null}}', JSON.stringify({ questionId: 'x'.repeat(10_000), answer: '<script>alert(1)</script>' }), JSON.stringify({ subject: 'history', level: 'beginner', questionCount: -1 })];

describe('the API edge', () => {
  it.each(ROUTES.filter((r) => r.auth === 'jwt').map((r) => [r.method, r.path]))('%s %s answers 401 without or with a forged token', async (method, path) => {
    const url = `${api}${path.replace(/\{\w+\}/g, 'abc')}`;
    expect((await fetch(url, { method })).status).toBe(401);
    const forged = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.';
    expect((await fetch(url, { method, headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });

  it('answers 404 with JSON for unknown routes and wrong methods', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['DELETE', '/api/me'], ['GET', '/api/auth/sign-in']]) {
      const response = await fetch(`${api}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('never answers 500, whatever the body', async () => {
    const token = await signedInToken();
    const statuses: string[] = [];
    for (const route of ROUTES) {
      for (const body of BODIES) {
        const response = await fetch(`${api}${route.path.replace(/\{\w+\}/g, 'zzzzzzzzzzzz')}?range=abc&role=x&limit=-5`, {
          method: route.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': `192.0.2.${(statuses.length % 200) + 20}` },
          body: route.method === 'GET' ? undefined : body,
        });
        statuses.push(`${route.method} ${route.path} ${JSON.stringify(body).slice(0, 20)} → ${response.status}`);
        expect(response.status, statuses.at(-1)).toBeLessThan(500);
      }
    }
  });
});
