/**
 * A JSON call to the local API as a browser makes it: GET without a body, POST with one, a
 * bearer token when given. The body is read leniently (an empty answer is undefined).
 */
export function jsonCaller(baseUrl: string) {
  return async function call<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
  };
}
