import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/validation/messages.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

const { mailbox } = useLocalStack();
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: signIn } = await import('../../functions/auth/sign-in.ts');
const { getProfile } = await import('../../functions/profile/data/profiles.ts');
const { handler: requestReset } = await import('../../functions/auth/request-password-reset.ts');
const { AdminGetUserCommand, CognitoIdentityProviderClient } = await import('@aws-sdk/client-cognito-identity-provider');

/** Asks the user pool itself whether an account exists for the address. */
async function existsInUserPool(email: string): Promise<boolean> {
  const cognito = new CognitoIdentityProviderClient({});
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  } finally {
    cognito.destroy();
  }
}

const PASSWORD = 'Orbit#4821';

async function signUpAndConfirm(email: string) {
  expect(parse(await signUp(httpEvent({ body: { email, password: PASSWORD } }))).status).toBe(201);
  const token = linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm');
  return parse(await confirm(httpEvent({ body: { token } })));
}

describe('sign-up with e-mail confirmation', () => {
  it('e-mails a confirmation link and refuses sign-in until it is used', async () => {
    const email = uniqueEmail();
    const created = parse(await signUp(httpEvent({ body: { email: `  ${email.toUpperCase()} `, password: PASSWORD } })));
    expect(created.status).toBe(201);

    const mail = await mailTo(mailbox, email, /Confirm/);
    expect(mail?.text).toContain('/auth?confirm=');

    const early = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } })));
    expect(early).toMatchObject({ status: 403, body: { error: { code: 'email_not_confirmed', message: AUTH_MESSAGES.emailNotConfirmed } } });
  });

  it('confirming creates a student profile on the free tier through the Cognito trigger', async () => {
    const email = uniqueEmail();
    expect((await signUpAndConfirm(email)).status).toBe(200);

    const signedIn = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } })));
    expect(signedIn.status).toBe(200);
    const stored = await getProfile(signedIn.body.profile.user_id);
    expect(stored).toMatchObject({ email, role: 'student', subscription_status: 'free' });
    expect(signedIn.body.tokens.accessToken).toMatch(/^ey/);
  });

  it('sends a welcome e-mail once the account is confirmed (AccountConfirmed consumer)', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email);
    expect(await mailTo(mailbox, email, /Welcome/)).toBeDefined();
  });

  it('a confirmation link works once', async () => {
    const email = uniqueEmail();
    await signUp(httpEvent({ body: { email, password: PASSWORD } }));
    const token = linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm');
    expect(parse(await confirm(httpEvent({ body: { token } }))).status).toBe(200);
    expect(parse(await confirm(httpEvent({ body: { token } })))).toMatchObject({ status: 410, body: { error: { code: 'link_used' } } });
  });

  it('refuses an unknown confirmation token', async () => {
    const result = parse(await confirm(httpEvent({ body: { token: 'x'.repeat(43) } })));
    expect(result).toMatchObject({ status: 410, body: { error: { code: 'link_unknown' } } });
  });

  it('refuses a second account for a confirmed e-mail with the spec message', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email);
    const again = parse(await signUp(httpEvent({ body: { email, password: PASSWORD } })));
    expect(again).toMatchObject({ status: 409, body: { error: { message: AUTH_MESSAGES.alreadyRegistered } } });
  });

  it('sends a fresh link when an unconfirmed account signs up again', async () => {
    const email = uniqueEmail();
    await signUp(httpEvent({ body: { email, password: PASSWORD } }));
    expect(parse(await signUp(httpEvent({ body: { email, password: PASSWORD } }))).status).toBe(201);
    await expect.poll(() => mailbox.list().filter((m) => m.to.includes(email) && /Confirm/.test(m.subject)).length).toBe(2);
  });
});

/** The confirmation tokens e-mailed to an address, newest first. */
const confirmLinks = (email: string) =>
  mailbox
    .list()
    .filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))
    .map((m) => linkToken(m, 'confirm'));

describe('a pending sign-up cannot be taken over (pre-registration)', () => {
  const INTRUDER = 'Intruder#1111';
  const OWNER = 'Rightful#2222';

  it("the owner's later sign-up sets the password: after confirming, only the owner's password signs in", async () => {
    const email = uniqueEmail('owner');
    expect(parse(await signUp(httpEvent({ body: { email, password: INTRUDER } }))).status).toBe(201);
    expect(parse(await signUp(httpEvent({ body: { email, password: OWNER } }))).status).toBe(201);
    await expect.poll(() => confirmLinks(email).length).toBe(2);

    const [ownersLink] = confirmLinks(email);
    expect(parse(await confirm(httpEvent({ body: { token: ownersLink } }))).status).toBe(200);

    expect(parse(await signIn(httpEvent({ body: { email, password: OWNER } }))).status).toBe(200);
    expect(parse(await signIn(httpEvent({ body: { email, password: INTRUDER } })))).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials' } } });
  });

  it('the link of a replaced sign-up confirms nothing, so the earlier password can never become the valid one', async () => {
    const email = uniqueEmail('owner');
    await signUp(httpEvent({ body: { email, password: INTRUDER } }));
    const intrudersLink = linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm');
    await signUp(httpEvent({ body: { email, password: OWNER } }));
    await expect.poll(() => confirmLinks(email).length).toBe(2);

    const refused = parse(await confirm(httpEvent({ body: { token: intrudersLink } })));
    expect(refused).toMatchObject({ status: 410, body: { error: { code: 'link_superseded' } } });
    // Still pending, and pending with the owner's password: the intruder's gets nowhere.
    expect(parse(await signIn(httpEvent({ body: { email, password: INTRUDER } }))).status).toBe(401);
    expect(parse(await signIn(httpEvent({ body: { email, password: OWNER } }))).body.error.code).toBe('email_not_confirmed');

    const [ownersLink] = confirmLinks(email);
    expect(parse(await confirm(httpEvent({ body: { token: ownersLink } }))).status).toBe(200);
    expect(parse(await signIn(httpEvent({ body: { email, password: OWNER } }))).status).toBe(200);
  });
});

describe('sign-up validation, enforced by the server', () => {
  it.each([
    [{ email: '', password: '' }, AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.passwordRequired],
    [{ email: 'not-an-email', password: PASSWORD }, AUTH_MESSAGES.invalidEmail, undefined],
    [{ email: '<script>@x.com', password: PASSWORD }, AUTH_MESSAGES.invalidEmail, undefined],
    [{ email: "a'; DROP TABLE users;@x.com", password: PASSWORD }, AUTH_MESSAGES.invalidEmail, undefined],
    [{ email: 'ok@example.com', password: '12345' }, undefined, AUTH_MESSAGES.passwordTooShort],
    [{ email: 'ok@example.com', password: 'x'.repeat(129) }, undefined, AUTH_MESSAGES.passwordTooLong],
    [{ email: 'ok@example.com', password: '        ' }, undefined, AUTH_MESSAGES.passwordWhitespace],
    [{ email: 'ok@example.com', password: '<b>bold1</b>' }, undefined, AUTH_MESSAGES.passwordMarkup],
    [{ email: 'ok@example.com', password: 'letmein' }, undefined, AUTH_MESSAGES.passwordCommon],
  ])('%j is refused', async (body, emailMessage, passwordMessage) => {
    const result = parse(await signUp(httpEvent({ body })));
    expect(result.status).toBe(400);
    expect(result.body.error.fields.email).toBe(emailMessage);
    expect(result.body.error.fields.password).toBe(passwordMessage);
  });

  it.each([['not json'], ['[1,2,3]'], ['null'], ['{"email":5,"password":{}}']])('malformed body %s is a 400, never a 500', async (rawBody) => {
    expect(parse(await signUp(httpEvent({ rawBody }))).status).toBe(400);
  });
});

describe('one e-mail rule: addresses outside ASCII are refused up front', () => {
  it('josé.x@example.com gets a clear 400 at sign-up, and nothing is created in the user pool', async () => {
    const email = `josé.${Date.now().toString(36)}@example.com`;
    const result = parse(await signUp(httpEvent({ body: { email, password: PASSWORD } })));
    expect(result).toMatchObject({ status: 400, body: { error: { fields: { email: AUTH_MESSAGES.emailNotAscii } } } });
    expect(AUTH_MESSAGES.emailNotAscii).toMatch(/letters/);
    expect(await existsInUserPool(email)).toBe(false);

    // Sign-in and the reset form answer with the same rule, not "confirm your e-mail".
    expect(parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).body.error.fields.email).toBe(AUTH_MESSAGES.emailNotAscii);
    expect(parse(await requestReset(httpEvent({ body: { email } }))).body.error.fields.email).toBe(AUTH_MESSAGES.emailNotAscii);
    expect(await mailTo(mailbox, email, undefined, 300)).toBeUndefined();
  });
});

describe('sign-up attempt limit', () => {
  it('allows 3 attempts per e-mail per hour, then answers 429 with the spec message', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(parse(await signUp(httpEvent({ body: { email, password: PASSWORD } }))).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    const refused = parse(await signUp(httpEvent({ body: { email, password: PASSWORD } })));
    expect(statuses[3]).toBe(429);
    expect(refused.body.error.message).toBe(AUTH_MESSAGES.tooManySignUp);
  });
});
