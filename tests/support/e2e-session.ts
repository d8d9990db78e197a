import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { REFRESH_COOKIE } from '../../functions/lib/refresh-cookie.ts';
import { signInResponseSchema, type Profile } from '../../shared/api.ts';
import { ROLE_HOME } from '../../shared/constants.ts';
import { SESSION_HINT_KEY } from '../../web/src/features/auth/session-hint.ts';
import { freshLoopbackAddress } from './loopback-http.ts';

type Account = { email: string; password: string };
type Answer = { status: number; body: unknown; cookies: string[] };

/** A JSON POST from `localAddress`, answering the status, the body and the cookies the server set. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined, cookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Signs `account` in through the API the sign-in form calls (with the authenticator's code for
 * a seeded admin), from a loopback address of its own so the browser's address keeps its
 * sign-in budget for the tests about signing in.
 */
async function apiSignIn(baseUrl: string, account: Account): Promise<{ profile: Profile; accessToken: string; refreshToken: string }> {
  const address = freshLoopbackAddress();
  let answer = await postFrom(address, `${baseUrl}/api/auth/sign-in`, account);
  const key = inject('authenticatorKeys')[account.email];
  const mfa = (answer.body as { mfa?: object } | undefined)?.mfa;
  if (answer.status === 200 && mfa && key) answer = await postFrom(address, `${baseUrl}/api/auth/sign-in/mfa`, { ...mfa, code: totpCode(key) });
  if (answer.status !== 200) throw new Error(`sign-in of ${account.email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { profile, tokens } = signInResponseSchema.parse(answer.body);
  const cookie = answer.cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in of ${account.email} set no ${REFRESH_COOKIE} cookie`);
  return { profile, accessToken: tokens.accessToken, refreshToken: cookie.slice(REFRESH_COOKIE.length + 1) };
}

/**
 * Opens `path` (the account's home by default) already signed in, for tests that are not about
 * the sign-in form: the session is handed to the browser as the web app keeps it, the refresh
 * token in its HttpOnly cookie and the signed-in marker in localStorage, so the page restores it
 * on load (refresh, then /api/me) exactly as after a reload. Answers the signed-in profile, and
 * an access token of the same sign-in for what the test does through the API meanwhile.
 */
export async function openSignedIn(page: Page, baseUrl: string, account: Account, path?: string): Promise<{ profile: Profile; token: string }> {
  const { profile, accessToken, refreshToken } = await apiSignIn(baseUrl, account);
  const { hostname } = new URL(baseUrl);
  await page.context().setStorageState({
    cookies: [{ name: REFRESH_COOKIE, value: refreshToken, domain: hostname, path: '/api/auth', expires: -1, httpOnly: true, secure: true, sameSite: 'Strict' }],
    origins: [{ origin: new URL(baseUrl).origin, localStorage: [{ name: SESSION_HINT_KEY, value: String(Date.now()) }] }],
  });
  await page.goto(`${baseUrl}${path ?? ROLE_HOME[profile.role]}`);
  return { profile, token: accessToken };
}
