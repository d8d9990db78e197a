import { describe, expect, inject, it } from 'vitest';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

/**
 * What a password reset does to everything issued before it, checked the way a person
 * meets it: old access tokens against the real API (local API Gateway with its JWT
 * authorizer, then the handler), old refresh cookies against /api/auth/refresh, and
 * old e-mailed reset links.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: requestReset } = await import('../../functions/auth/request-password-reset.ts');
const { handler: verifyReset } = await import('../../functions/auth/verify-password-reset.ts');
const { handler: resetPassword } = await import('../../functions/auth/reset-password.ts');

const PASSWORD = 'Pulsar#3141';

async function confirmedAccount(): Promise<string> {
  const email = uniqueEmail('revoke');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  return email;
}

interface Device {
  accessToken: string;
  /** The refresh cookie as the browser would send it back. */
  cookie: string;
}

/** A browser signing in through the API: its access token and its refresh cookie. */
async function signInThroughApi(email: string, password: string): Promise<Device> {
  const response = await fetch(`${api}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qq_refresh='))!.split(';')[0]!;
  const { tokens } = (await response.json()) as { tokens: { accessToken: string } };
  return { accessToken: tokens.accessToken, cookie };
}

const me = async (accessToken: string) => (await fetch(`${api}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

async function refreshWith(cookie: string): Promise<{ status: number; accessToken?: string }> {
  const response = await fetch(`${api}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
  const body = (await response.json()) as { tokens?: { accessToken: string } };
  return { status: response.status, accessToken: body.tokens?.accessToken };
}

/** Asks for a reset link and answers the token of the newest one. */
async function resetLink(email: string): Promise<string> {
  const before = mailbox.list().filter((m) => m.to.includes(email) && /Reset/.test(m.subject)).length;
  expect(parse(await requestReset(httpEvent({ body: { email } }))).status).toBe(202);
  await expect.poll(() => mailbox.list().filter((m) => m.to.includes(email) && /Reset/.test(m.subject)).length).toBe(before + 1);
  return linkToken(await mailTo(mailbox, email, /Reset/), 'token');
}

const reset = async (token: string, password: string) => parse(await resetPassword(httpEvent({ body: { token, password, confirmPassword: password } })));

describe('a password reset ends every session', () => {
  it('access tokens issued before it are refused by the API, and refresh cookies renew nothing', async () => {
    const email = await confirmedAccount();
    const laptop = await signInThroughApi(email, PASSWORD);
    const intruder = await signInThroughApi(email, PASSWORD);
    expect(await me(laptop.accessToken)).toBe(200);
    expect(await me(intruder.accessToken)).toBe(200);

    expect((await reset(await resetLink(email), 'Supernova#2718')).status).toBe(200);

    expect(await me(laptop.accessToken)).toBe(401);
    expect(await me(intruder.accessToken)).toBe(401);
    expect((await refreshWith(intruder.cookie)).status).toBe(401);
    expect((await refreshWith(laptop.cookie)).status).toBe(401);
  });

  it('a sign-in right after the reset works, and so do its renewed tokens', async () => {
    const email = await confirmedAccount();
    expect((await reset(await resetLink(email), 'Supernova#2718')).status).toBe(200);

    const fresh = await signInThroughApi(email, 'Supernova#2718');
    expect(await me(fresh.accessToken)).toBe(200);
    const renewed = await refreshWith(fresh.cookie);
    expect(renewed.status).toBe(200);
    expect(await me(renewed.accessToken!)).toBe(200);
  });
});

describe('a password reset ends every outstanding reset link', () => {
  it('an older link stops working once a newer one is used; the newer password stays', async () => {
    const email = await confirmedAccount();
    const older = await resetLink(email);
    const newer = await resetLink(email);

    expect((await reset(newer, 'Newer#5555')).status).toBe(200);

    expect(parse(await verifyReset(httpEvent({ body: { token: older } }))).status).toBe(410);
    expect((await reset(older, 'Older#4444')).status).toBe(410);
    await signInThroughApi(email, 'Newer#5555');
  });

  it('a newer link issued before the reset stops working too', async () => {
    const email = await confirmedAccount();
    const older = await resetLink(email);
    const newer = await resetLink(email);

    expect((await reset(older, 'Older#4444')).status).toBe(200);

    expect((await reset(newer, 'Newer#5555')).status).toBe(410);
    await signInThroughApi(email, 'Older#4444');
  });

  it('a link asked for after the reset works', async () => {
    const email = await confirmedAccount();
    expect((await reset(await resetLink(email), 'Older#4444')).status).toBe(200);
    expect((await reset(await resetLink(email), 'Newer#5555')).status).toBe(200);
    await signInThroughApi(email, 'Newer#5555');
  });
});
