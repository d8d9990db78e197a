import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../functions/routes.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent } from '../support/http-event.ts';

/**
 * The HTTP API as a client sees it (local API Gateway emulation + real handlers):
 * 401 without a valid token, 404 for unknown routes, 400 for bad input, never a 500.
 */
const api = inject('apiUrl');
const { mailbox } = useLocalStack();
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');

/** A confirmed account of its own: the spray below reaches every route, Delete Account included. */
async function throwawayToken(): Promise<string> {
  const email = uniqueEmail('spray');
  const password = 'Spray#2026x';
  await signUp(httpEvent({ body: { email, password } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  return signedInToken(email, password);
}

async function signedInToken(email = 'student@quizquest.local', password = 'Student#2026'): Promise<string> {
  const post = (path: string, body: object) => fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let answer = (await (await post('/api/auth/sign-in', { email, password })).json()) as { tokens?: { accessToken: string }; mfa?: object };
  // The demo admin signs in with two steps: the code its seeded authenticator shows.
  const key = inject('authenticatorKeys')[email];
  if (answer.mfa && key) answer = (await (await post('/api/auth/sign-in/mfa', { ...answer.mfa, code: totpCode(key) })).json()) as typeof answer;
  return answer.tokens!.accessToken;
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
    for (const [method, path] of [['GET', '/api/nope'], ['PUT', '/api/me'], ['GET', '/api/auth/sign-in']]) {
      const response = await fetch(`${api}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('never answers 500, whatever the body', async () => {
    const token = await throwawayToken();
    const statuses: string[] = [];
    // Deleting the account goes last, so every other route meets a live account first.
    const deletesAccount = (r: (typeof ROUTES)[number]) => r.name === 'DeleteAccount';
    for (const route of [...ROUTES.filter((r) => !deletesAccount(r)), ...ROUTES.filter(deletesAccount)]) {
      for (const body of BODIES) {
        const response = await fetch(`${api}${route.path.replace(/\{\w+\}/g, 'zzzzzzzzzzzz')}?range=abc&role=x&limit=-5`, {
          method: route.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: route.method === 'GET' ? undefined : body,
        });
        statuses.push(`${route.method} ${route.path} ${JSON.stringify(body).slice(0, 20)} → ${response.status}`);
        expect(response.status, statuses.at(-1)).toBeLessThan(500);
      }
    }
  });

  it('answers every path id of 2,000 characters or outside ASCII with 4xx, never 500', async () => {
    const token = await throwawayToken();
    const ids = ['a'.repeat(2000), encodeURIComponent('défi-ü-挑战'), '..%2F..%2Fetc'];
    for (const route of ROUTES.filter((r) => r.path.includes('{') && r.name !== 'DeleteAccount')) {
      for (const id of ids) {
        const response = await fetch(`${api}${route.path.replace(/\{\w+\}/g, id)}`, {
          method: route.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: route.method === 'GET' ? undefined : '{}',
        });
        expect(response.status, `${route.method} ${route.path} with ${id.slice(0, 12)}…`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${route.method} ${route.path} with ${id.slice(0, 12)}…`).toBeLessThan(500);
      }
    }
  });

  it('answers 400 JSON, not 500, for malformed percent-encoding in a path', async () => {
    const token = await signedInToken();
    const response = await fetch(`${api}/api/quiz/rounds/%E0%A4%A/review`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Bad Request' });
    expect((await fetch(`${api}/quiz/%E0%A4%A`)).status).toBe(400);
  });

  it('pages admins through users with the cursor it gave, and refuses crafted cursors with 400', async () => {
    const token = await signedInToken('admin@quizquest.local', 'Admin#2026');
    const get = (query: string) => fetch(`${api}/api/admin/users?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const first = (await (await get('role=student&limit=1')).json()) as { profiles: { email: string }[]; nextCursor: string | null };
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (await get(`role=student&limit=1&cursor=${first.nextCursor}`)).json()) as { profiles: { email: string }[] };
    expect(second.profiles[0]?.email).not.toBe(first.profiles[0]?.email);

    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const real = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString('utf8')) as Record<string, string>;
    for (const cursor of [
      'not-base64-json',
      encode({ a: 1 }),
      encode({ ...real, pk: 'x'.repeat(2000) }),
      encode({ ...real, extra: 'x' }),
      encode({ ...real, gsi2pk: 'ROLE#admin' }), // another role's key
      encode(null),
    ]) {
      const response = await get(`role=student&cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('cursor');
    }
  });
});
