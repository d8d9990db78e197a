import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messageResponseSchema } from '#shared/api.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { ApiError, CLIENT_MESSAGES, createApiClient, type AuthBridge } from './api-client.ts';

type Call = { url: string; init: RequestInit };

/** A fetch that answers from a queue and records what was sent. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer queued');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

function bridge(tokens: string[], refreshes: boolean[] = []): AuthBridge & { refreshCalls: number } {
  const state = { refreshCalls: 0 };
  return Object.assign(state, {
    accessToken: async () => tokens[Math.min(state.refreshCalls, tokens.length - 1)] ?? null,
    refreshAfterUnauthorized: async () => refreshes[state.refreshCalls++] ?? false,
  });
}

afterEach(() => vi.useRealTimers());

describe('api client', () => {
  it('posts JSON and parses the answer with the given schema', async () => {
    const { fetch, calls } = fakeFetch(json(201, { message: 'Check your email to confirm your account' }));
    const client = createApiClient({ fetch });

    const result = await client.request('/api/auth/sign-up', {
      method: 'POST',
      body: { email: 'a@b.co', password: 'secret1' },
      schema: messageResponseSchema,
    });

    expect(result).toEqual({ message: 'Check your email to confirm your account' });
    expect(calls[0]?.url).toBe('/api/auth/sign-up');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret1' }));
    expect(headersOf(calls[0])['content-type']).toBe('application/json');
  });

  it('resolves with nothing for a 204', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch }).request('/api/auth/sign-out', { body: { refreshToken: 'r' } })).resolves.toBeUndefined();
  });

  it('turns an error body into an ApiError with status, code, message and fields', async () => {
    const fields = { email: 'Invalid email format' };
    const { fetch } = fakeFetch(json(400, { error: { code: 'bad_request', message: 'Invalid email format', fields } }));

    const error = await createApiClient({ fetch }).request('/api/auth/sign-in', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Invalid email format', fields });
  });

  it.each([
    [401, { message: 'Unauthorized' }, 'unauthorized', CLIENT_MESSAGES.signInRequired],
    [404, { message: 'Not Found' }, 'not_found', AUTH_MESSAGES.unexpected],
    [429, { message: 'Too Many Requests' }, 'too_many_requests', CLIENT_MESSAGES.tooManyRequests],
    [502, 'Bad Gateway', 'http_502', AUTH_MESSAGES.unexpected],
  ])('maps a gateway %i without our error shape to code %s', async (status, body, code, message) => {
    const { fetch } = fakeFetch(json(status, body));
    await expect(createApiClient({ fetch }).request('/api/x')).rejects.toMatchObject({ status, code, message });
  });

  it('rejects a 2xx body that does not match the schema', async () => {
    const { fetch } = fakeFetch(json(200, { nope: true }));
    await expect(createApiClient({ fetch }).request('/api/me', { schema: z.object({ profile: z.object({}) }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('reports a failed connection as status 0, retryable', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const error = await createApiClient({ fetch }).request('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: CLIENT_MESSAGES.offline, retryable: true });
  });

  it('tells whether each request got an answer (any status) or none at all', async () => {
    const { fetch } = fakeFetch(json(500, {}), new TypeError('Failed to fetch'));
    const heard: boolean[] = [];
    const client = createApiClient({ fetch, onReachability: (reachable) => heard.push(reachable) });
    await client.request('/api/me').catch(() => undefined);
    await client.request('/api/me').catch(() => undefined);
    expect(heard).toEqual([true, false]);
  });

  it('gives up after the timeout (10 s by default)', async () => {
    vi.useFakeTimers();
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof globalThis.fetch;
    const pending = createApiClient({ fetch }).request('/api/me').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ status: 0, code: 'timeout', message: CLIENT_MESSAGES.timeout });
  });

  it('sends the bearer token on authenticated calls', async () => {
    const { fetch, calls } = fakeFetch(json(200, { message: 'ok' }));
    const client = createApiClient({ fetch });
    client.setAuth(bridge(['access-1']));

    await client.request('/api/me', { auth: true, schema: messageResponseSchema });

    expect(headersOf(calls[0]).authorization).toBe('Bearer access-1');
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const { fetch, calls } = fakeFetch(json(401, { message: 'Unauthorized' }), json(200, { message: 'ok' }));
    const client = createApiClient({ fetch });
    const auth = bridge(['old', 'new'], [true]);
    client.setAuth(auth);

    await expect(client.request('/api/me', { auth: true, schema: messageResponseSchema })).resolves.toEqual({ message: 'ok' });

    expect(auth.refreshCalls).toBe(1);
    expect(calls.map((call) => headersOf(call).authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not retry a second time when the retry is refused too', async () => {
    const { fetch, calls } = fakeFetch(json(401, { message: 'Unauthorized' }), json(401, { message: 'Unauthorized' }));
    const client = createApiClient({ fetch });
    const auth = bridge(['old', 'new'], [true, true]);
    client.setAuth(auth);

    await expect(client.request('/api/me', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(auth.refreshCalls).toBe(1);
  });

  it('surfaces the 401 when the refresh fails', async () => {
    const { fetch, calls } = fakeFetch(json(401, { message: 'Unauthorized' }));
    const client = createApiClient({ fetch });
    client.setAuth(bridge(['old'], [false]));

    await expect(client.request('/api/me', { auth: true })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls).toHaveLength(1);
  });

  it('refuses an authenticated call without a session, without calling the server', async () => {
    const { fetch, calls } = fakeFetch();
    await expect(createApiClient({ fetch }).request('/api/me', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
  });

  it('never refreshes for public calls', async () => {
    const { fetch } = fakeFetch(json(401, { error: { code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials } }));
    const client = createApiClient({ fetch });
    const auth = bridge(['t'], [true]);
    client.setAuth(auth);

    await expect(client.request('/api/auth/sign-in', { body: {} })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(auth.refreshCalls).toBe(0);
  });
});
