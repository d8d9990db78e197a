import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { RESET_LINK_TTL_MS } from '../../shared/constants.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

const { mailbox } = useLocalStack();
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: signIn } = await import('../../functions/auth/sign-in.ts');
const { handler: requestReset } = await import('../../functions/auth/request-password-reset.ts');
const { handler: verifyReset } = await import('../../functions/auth/verify-password-reset.ts');
const { handler: resetPassword } = await import('../../functions/auth/reset-password.ts');

const PASSWORD = 'Nebula#5150';
const NEW_PASSWORD = 'Quasar#2468';

async function accountWithResetLink(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail();
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  expect(parse(await requestReset(httpEvent({ body: { email } }))).status).toBe(202);
  return { email, token: linkToken(await mailTo(mailbox, email, /Reset/), 'token') };
}

afterEach(() => vi.useRealTimers());

describe('password reset by e-mailed link', () => {
  it('sets the new password; the old one stops working', async () => {
    const { email, token } = await accountWithResetLink();
    expect(parse(await verifyReset(httpEvent({ body: { token } })))).toMatchObject({ status: 200, body: { email } });
    const reset = parse(await resetPassword(httpEvent({ body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })));
    expect(reset.status).toBe(200);

    expect(parse(await signIn(httpEvent({ body: { email, password: NEW_PASSWORD } }))).status).toBe(200);
    expect(parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).status).toBe(401);
  });

  it('works once', async () => {
    const { token } = await accountWithResetLink();
    await resetPassword(httpEvent({ body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }));
    const again = parse(await resetPassword(httpEvent({ body: { token, password: 'Another#999', confirmPassword: 'Another#999' } })));
    expect(again).toMatchObject({ status: 410, body: { error: { code: 'link_used', message: AUTH_MESSAGES.resetLinkInvalid } } });
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).body.error.code).toBe('link_used');
  });

  it('expires after 1 hour', async () => {
    const { token } = await accountWithResetLink();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + RESET_LINK_TTL_MS - 5_000);
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).status).toBe(200);
    vi.setSystemTime(Date.now() + 10_000);
    expect(parse(await verifyReset(httpEvent({ body: { token } }))).body.error.code).toBe('link_expired');
    const late = parse(await resetPassword(httpEvent({ body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })));
    expect(late).toMatchObject({ status: 410, body: { error: { code: 'link_expired' } } });
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const result = parse(await requestReset(httpEvent({ body: { email } })));
    expect(result.status).toBe(202);
    expect(await mailTo(mailbox, email, /Reset/, 300)).toBeUndefined();
  });

  it.each([
    [{ email: '' }, AUTH_MESSAGES.resetEnterEmail],
    [{ email: 'nope' }, AUTH_MESSAGES.resetValidEmail],
  ])('validates the request %j', async (body, message) => {
    expect(parse(await requestReset(httpEvent({ body }))).body.error.fields.email).toBe(message);
  });

  it.each([
    [{ password: 'Quasar#2468', confirmPassword: 'Quasar#2469' }, 'confirmPassword', AUTH_MESSAGES.passwordsDoNotMatch],
    [{ password: '12345', confirmPassword: '12345' }, 'password', AUTH_MESSAGES.passwordTooShort],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'password', AUTH_MESSAGES.passwordTooLongReset],
  ])('validates the new password %j', async (passwords, field, message) => {
    const result = parse(await resetPassword(httpEvent({ body: { token: 'a'.repeat(43), ...passwords } })));
    expect(result.status).toBe(400);
    expect(result.body.error.fields[field]).toBe(message);
  });
});
