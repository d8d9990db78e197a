/**
 * The API as the people off screen in an end-to-end test use it: signed in through the API
 * (as the web app does) and calling it with their own tokens.
 */
type Account = { email: string; password: string };
/** Tests read the answer's fields freely and assert on them. */
export type ApiAnswer = { status: number; body: any };

export function apiFor(baseUrl: string) {
  async function api(token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async function accessToken(account: Account): Promise<string> {
    const response = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    return ((await response.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  }

  return { api, accessToken };
}
