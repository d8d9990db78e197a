import { inject } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { DEFAULT_SETTINGS } from '../../shared/notifications/settings.ts';
import { freshLoopbackAddress, postFrom } from './loopback-http.ts';

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

  /**
   * Each sign-in comes from a loopback address of its own, as people off screen sit at their
   * own machines: the browser's sign-ins all come from 127.0.0.1, whose per-address limit
   * (50 in 5 minutes) the whole suite's API sign-ins would otherwise share with them.
   */
  async function accessToken(account: Account): Promise<string> {
    const address = freshLoopbackAddress();
    let response = await postFrom(address, `${baseUrl}/api/auth/sign-in`, account);
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    // Seeded admins have two-step sign-in on: the code their authenticator would show.
    const { mfa } = response.body as { mfa?: object };
    const key = inject('authenticatorKeys')[account.email];
    if (mfa && key) response = await postFrom(address, `${baseUrl}/api/auth/sign-in/mfa`, { ...mfa, code: totpCode(key) });
    if (response.status !== 200) throw new Error(`sign-in's second step failed: ${response.status}`);
    return (response.body as { tokens: { accessToken: string } }).tokens.accessToken;
  }

  /**
   * Quiet hours (default 22:00–08:00 UTC) hold a notification until they end; a test of what
   * reaches the bell now moves them to hours that start 8 h from now, whenever it runs.
   */
  async function awake(token: string): Promise<void> {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);
    const saved = await api(token, 'PUT', '/api/notifications/settings', { ...DEFAULT_SETTINGS, quietHours: { start: at(8), end: at(10) } });
    if (saved.status !== 200) throw new Error(`settings not saved: ${saved.status}`);
  }

  return { api, accessToken, awake };
}
