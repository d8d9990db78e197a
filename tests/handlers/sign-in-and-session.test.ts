import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

const { mailbox } = useLocalStack();
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: signIn } = await import('../../functions/auth/sign-in.ts');
const { handler: refresh } = await import('../../functions/auth/refresh-session.ts');
const { handler: signOut } = await import('../../functions/auth/sign-out.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { handler: listUsers } = await import('../../functions/admin/list-users.ts');
const { handler: answerMfa } = await import('../../functions/auth/answer-mfa-challenge.ts');
const { totpCode } = await import('../../infra/local/totp.ts');

/** The demo admin's profile after a full sign-in: password, then the authenticator's code (admins have two steps). */
async function demoAdminProfile() {
  const email = 'admin@quizquest.local';
  const { mfa } = parse(await signIn(httpEvent({ body: { email, password: 'Admin#2026' } }))).body;
  return parse(await answerMfa(httpEvent({ body: { ...mfa, code: totpCode(inject('authenticatorKeys')[email]!) } }))).body.profile;
}

const PASSWORD = 'Comet#7713';

async function confirmedAccount(): Promise<string> {
  const email = uniqueEmail();
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  return email;
}

describe('sign-in', () => {
  it('returns tokens and the profile for the right password', async () => {
    const email = await confirmedAccount();
    const result = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } })));
    expect(result.status).toBe(200);
    expect(result.body.profile).toMatchObject({ email, role: 'student' });
    expect(result.body.tokens.expiresAt).toBeGreaterThan(Date.now());
  });

  it('answers a wrong password and an unknown account with the same spec message', async () => {
    const email = await confirmedAccount();
    const wrong = parse(await signIn(httpEvent({ body: { email, password: 'Wrong#1234' } })));
    const unknown = parse(await signIn(httpEvent({ body: { email: uniqueEmail('nobody'), password: PASSWORD } })));
    for (const result of [wrong, unknown]) {
      expect(result).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials } } });
    }
  });

  it('allows 5 attempts per e-mail in 5 minutes, then refuses even the right password', async () => {
    const email = await confirmedAccount();
    for (let i = 0; i < 5; i++) expect(parse(await signIn(httpEvent({ body: { email, password: 'Wrong#1234' } }))).status).toBe(401);
    const sixth = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } })));
    expect(sixth).toMatchObject({ status: 429, body: { error: { message: AUTH_MESSAGES.tooManySignIn } } });
  });

  it('limits one address across many e-mails', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push(parse(await signIn(httpEvent({ ip, body: { email: uniqueEmail('spray'), password: PASSWORD } }))).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

/** The refresh cookie a handler's answer sets, parsed; undefined when it sets none. */
function refreshCookie(result: { cookies?: string[] }): { value: string; attributes: string[] } | undefined {
  const header = result.cookies?.find((cookie) => cookie.startsWith('qq_refresh='));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair!.slice('qq_refresh='.length), attributes };
}

/** A request carrying cookies, as API Gateway's payload 2.0 hands them to Lambda. */
const withCookies = (cookies: string[]) => ({ ...httpEvent(), cookies });

describe('the refresh token lives in an HttpOnly cookie, not in the body', () => {
  it('sign-in sets it HttpOnly, Secure, SameSite=Strict for /api/auth only, and leaves it out of the body', async () => {
    const email = await confirmedAccount();
    const result = await signIn(httpEvent({ body: { email, password: PASSWORD } }));
    const cookie = refreshCookie(result);
    expect(cookie?.value).toMatch(/^[\w.-]{20,}$/);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/auth']));
    expect(cookie?.attributes.some((attribute) => /^Max-Age=\d+$/.test(attribute))).toBe(true);
    const body = parse(result).body;
    expect(body.tokens.refreshToken).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(cookie!.value);
  });

  it('refresh renews from the cookie until sign-out revokes it and clears the cookie', async () => {
    const email = await confirmedAccount();
    const cookie = refreshCookie(await signIn(httpEvent({ body: { email, password: PASSWORD } })))!;
    const refreshed = parse(await refresh(withCookies(['other=1', `qq_refresh=${cookie.value}`])));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tokens.accessToken).toMatch(/^ey/);
    expect(refreshed.body.tokens.refreshToken).toBeUndefined();
    // The renewed access token names the account that signed in.
    const { sub } = decodeJwt(refreshed.body.tokens.accessToken);
    expect(parse(await getMe(httpEvent({ sub }))).body.profile.email).toBe(email);

    const signedOut = await signOut(withCookies([`qq_refresh=${cookie.value}`]));
    expect(signedOut.statusCode).toBe(204);
    expect(refreshCookie(signedOut)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'Path=/api/auth']) });
    expect(parse(await refresh(withCookies([`qq_refresh=${cookie.value}`]))).status).toBe(401);
  });

  it('refresh without the cookie answers 401, and a refresh token in the body no longer counts', async () => {
    const email = await confirmedAccount();
    const cookie = refreshCookie(await signIn(httpEvent({ body: { email, password: PASSWORD } })))!;
    expect(parse(await refresh(httpEvent())).body.error.code).toBe('session_expired');
    expect(parse(await refresh(httpEvent({ body: { refreshToken: cookie.value } }))).status).toBe(401);
  });

  it('the API passes cookies both ways, as API Gateway does', async () => {
    const api = inject('apiUrl');
    const email = await confirmedAccount();
    const post = (path: string, init: { body?: unknown; cookie?: string } = {}) =>
      fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const signedIn = await post('/api/auth/sign-in', { body: { email, password: PASSWORD } });
    const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('qq_refresh='));
    expect(setCookie).toMatch(/HttpOnly/);
    const pair = setCookie!.split(';')[0]!;
    expect((await post('/api/auth/refresh', { cookie: `theme=dark; ${pair}` })).status).toBe(200);
    const signedOut = await post('/api/auth/sign-out', { cookie: pair });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.getSetCookie().some((c) => c.startsWith('qq_refresh=;') && /Max-Age=0/.test(c))).toBe(true);
    expect((await post('/api/auth/refresh', { cookie: pair })).status).toBe(401);
  });
});

describe('the caller and roles', () => {
  it('GET /api/me answers 401 without verified claims', async () => {
    expect(parse(await getMe(httpEvent())).status).toBe(401);
  });

  it('GET /api/me returns the caller’s own profile', async () => {
    const email = await confirmedAccount();
    const { profile } = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).body;
    expect(parse(await getMe(httpEvent({ sub: profile.user_id }))).body.profile.email).toBe(email);
  });

  it('refuses a signed-in account without a profile (no profile means no access)', async () => {
    expect(parse(await getMe(httpEvent({ sub: 'no-such-user' })))).toMatchObject({ status: 403, body: { error: { code: 'no_profile' } } });
  });

  it('the admin list answers 403 to a student and lists students to an admin', async () => {
    const email = await confirmedAccount();
    const student = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).body.profile;
    expect(parse(await listUsers(httpEvent({ sub: student.user_id }))).status).toBe(403);

    const admin = await demoAdminProfile();
    expect(admin.role).toBe('admin');
    const listed = parse(await listUsers(httpEvent({ sub: admin.user_id, query: { role: 'student', limit: '100' } })));
    expect(listed.status).toBe(200);
    expect(listed.body.profiles.every((p: { role: string }) => p.role === 'student')).toBe(true);
  });

  it('the admin list refuses a bad query from an admin with 400, and anyone else with 403 before reading it', async () => {
    const admin = await demoAdminProfile();
    expect(parse(await listUsers(httpEvent({ sub: admin.user_id, query: { role: 'wizard' } }))).status).toBe(400);
    expect(parse(await listUsers(httpEvent({ sub: 'anyone', query: { role: 'wizard' } }))).status).toBe(403);
  });
});
