import { CognitoIdentityProviderClient, RespondToAuthChallengeCommand, SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { totpCode } from '#infra/local/totp.ts';
import { MFA_MESSAGES } from '#shared/validation/mfa.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

/**
 * Two-step sign-in with an authenticator app (TOTP), for every account. Set
 * up with the signed-in account's own token; from then on sign-in answers Cognito's challenge
 * and only the app's code finishes it.
 */
const { mailbox } = useLocalStack();
const { handler: signUp } = await import('#functions/auth/sign-up.ts');
const { handler: confirm } = await import('#functions/auth/confirm-sign-up.ts');
const { handler: signIn } = await import('#functions/auth/sign-in.ts');
const { handler: answerMfa } = await import('#functions/auth/answer-mfa-challenge.ts');
const { handler: refresh } = await import('#functions/auth/refresh-session.ts');
const { handler: startSetup } = await import('#functions/auth/start-mfa-setup.ts');
const { handler: confirmSetup } = await import('#functions/auth/confirm-mfa-setup.ts');
const { handler: getMe } = await import('#functions/profile/get-me.ts');
const { handler: overview } = await import('#functions/admin/get-overview.ts');
const { handler: generationAdmin } = await import('#functions/generation/generate-questions.ts');
const { getProfile, putProfile } = await import('#functions/profile/data/profiles.ts');

async function updateRole(userId: string, role: 'admin'): Promise<void> {
  await putProfile({ ...(await getProfile(userId))!, role });
}

const PASSWORD = 'Quasar#6641';
const outsider = new CognitoIdentityProviderClient({});
afterAll(() => outsider.destroy());

async function signedIn(): Promise<{ email: string; sub: string; accessToken: string }> {
  const email = uniqueEmail('mfa');
  expect(parse(await signUp(httpEvent({ body: { email, password: PASSWORD } }))).status).toBe(201);
  expect(parse(await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }))).status).toBe(200);
  const { body } = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } })));
  return { email, sub: body.profile.user_id, accessToken: body.tokens.accessToken };
}

/** A call as the signed-in account: its verified claims, and its access token for the calls that act as the user. */
function asUser(who: { sub: string; accessToken: string }, body?: unknown) {
  const event = httpEvent({ sub: who.sub, body });
  event.headers.authorization = `Bearer ${who.accessToken}`;
  return event;
}

async function withAuthenticator(): Promise<{ email: string; sub: string; secret: string }> {
  const who = await signedIn();
  const setup = parse(await startSetup(asUser(who)));
  expect(parse(await confirmSetup(asUser(who, { code: totpCode(setup.body.secret) }))).status).toBe(200);
  return { email: who.email, sub: who.sub, secret: setup.body.secret };
}

describe('setting up an authenticator app', () => {
  it('gives the secret as text and as an otpauth:// URI; the first right code turns two-step sign-in on', async () => {
    const who = await signedIn();
    const setup = parse(await startSetup(asUser(who)));
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Quiz%20Quest:${encodeURIComponent(who.email)}?secret=${setup.body.secret}&issuer=Quiz%20Quest&algorithm=SHA1&digits=6&period=30`,
    );

    const wrongCode = String((Number(totpCode(setup.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = parse(await confirmSetup(asUser(who, { code: wrongCode })));
    expect(refused).toMatchObject({ status: 400, body: { error: { fields: { code: MFA_MESSAGES.codeWrong } } } });
    expect(parse(await confirmSetup(asUser(who, { code: '12ab' }))).body.error.fields.code).toBe(MFA_MESSAGES.codeFormat);
    // Still off: sign-in gives tokens at once.
    expect(parse(await signIn(httpEvent({ body: { email: who.email, password: PASSWORD } }))).body.tokens).toBeDefined();

    const confirmed = parse(await confirmSetup(asUser(who, { code: totpCode(setup.body.secret) })));
    expect(confirmed).toMatchObject({ status: 200, body: { message: MFA_MESSAGES.enabled, profile: { mfa_enabled: true } } });
    expect(parse(await getMe(httpEvent({ sub: who.sub }))).body.profile.mfa_enabled).toBe(true);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('the password alone gives no tokens and no cookie, only the challenge; the app code finishes it', async () => {
    const { email, sub, secret } = await withAuthenticator();
    const first = await signIn(httpEvent({ body: { email, password: PASSWORD } }));
    const challenge = parse(first);
    expect(challenge.status).toBe(200);
    expect(challenge.body.tokens).toBeUndefined();
    expect(first.cookies).toBeUndefined();
    expect(challenge.body.mfa).toEqual({ session: expect.any(String), username: expect.any(String) });

    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = parse(await answerMfa(httpEvent({ body: { ...challenge.body.mfa, code: wrongCode } })));
    expect(wrong).toMatchObject({ status: 400, body: { error: { message: MFA_MESSAGES.codeWrong } } });
    expect(wrong.body.tokens).toBeUndefined();

    const done = await answerMfa(httpEvent({ body: { ...challenge.body.mfa, code: totpCode(secret) } }));
    const session = parse(done);
    expect(session.status).toBe(200);
    expect(session.body.profile).toMatchObject({ user_id: sub, email, mfa_enabled: true });
    expect(session.body.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(done.cookies?.some((cookie) => cookie.startsWith('qq_refresh='))).toBe(true);

    // A reload renews the session from the cookie, as after a one-step sign-in (the page would otherwise sign out).
    const cookie = done.cookies!.find((c) => c.startsWith('qq_refresh='))!.split(';')[0]!;
    const renewed = parse(await refresh({ ...httpEvent(), cookies: [cookie] }));
    expect(renewed.status).toBe(200);
    expect(renewed.body.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('the challenge cannot be answered around the API: Cognito wants the secret hash', async () => {
    const { email, secret } = await withAuthenticator();
    const { mfa } = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).body;
    const direct = outsider.send(
      new RespondToAuthChallengeCommand({
        ClientId: process.env.USER_POOL_CLIENT_ID,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: mfa.session,
        ChallengeResponses: { USERNAME: mfa.username, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
      }),
    );
    await expect(direct).rejects.toMatchObject({ name: 'NotAuthorizedException', message: expect.stringMatching(/^Unable to verify secret hash/) });
  });

  it('code guesses count against the sign-in limit of the account', async () => {
    const { email, secret } = await withAuthenticator();
    const { mfa } = parse(await signIn(httpEvent({ body: { email, password: PASSWORD } }))).body;
    const wrongCode = String((Number(totpCode(secret)) + 7) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(parse(await answerMfa(httpEvent({ body: { ...mfa, code: wrongCode } }))).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    // The limit holds the right code back too.
    expect(parse(await answerMfa(httpEvent({ body: { ...mfa, code: totpCode(secret) } }))).status).toBe(429);
  });
});

describe('admins must sign in with two steps', () => {
  it('an admin without it is refused by the admin routes with the reason, and let in once it is on', async () => {
    const who = await signedIn();
    // Promoted the way the first admin is (the profile's role), with no authenticator yet.
    await updateRole(who.sub, 'admin');
    const refused = parse(await overview(httpEvent({ sub: who.sub })));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'mfa_setup_required', message: MFA_MESSAGES.setupRequired } } });
    expect(parse(await generationAdmin(httpEvent({ sub: who.sub }))).body.error.code).toBe('mfa_setup_required');

    const setup = parse(await startSetup(asUser(who)));
    expect(parse(await confirmSetup(asUser(who, { code: totpCode(setup.body.secret) }))).status).toBe(200);
    expect(parse(await overview(httpEvent({ sub: who.sub }))).status).toBe(200);
  });

  it("an authenticator turned off straight at Cognito (the account's own token needs no secret) puts the admin back outside", async () => {
    const who = await signedIn();
    await updateRole(who.sub, 'admin');
    const setup = parse(await startSetup(asUser(who)));
    expect(parse(await confirmSetup(asUser(who, { code: totpCode(setup.body.secret) }))).status).toBe(200);
    expect(parse(await overview(httpEvent({ sub: who.sub }))).status).toBe(200);

    await outsider.send(new SetUserMFAPreferenceCommand({ AccessToken: who.accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    // Cognito no longer challenges: the sign-in says so, and the console refuses until it is on again.
    const again = parse(await signIn(httpEvent({ body: { email: who.email, password: PASSWORD } })));
    expect(again.body.profile).toMatchObject({ role: 'admin', mfa_enabled: false });
    expect(parse(await overview(httpEvent({ sub: who.sub }))).body.error.code).toBe('mfa_setup_required');
  });
});
