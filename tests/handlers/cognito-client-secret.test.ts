import { AdminGetUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { secretHash } from '#functions/lib/secret-hash.ts';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

/**
 * The app client has a secret only the server knows, so the client id alone
 * (it is in every token) no longer signs anyone up or in around the API's limits. Locally the
 * stack's Cognito front refuses as Cognito does.
 */
const { mailbox } = useLocalStack();
const { handler: signUp } = await import('#functions/auth/sign-up.ts');
const { handler: confirm } = await import('#functions/auth/confirm-sign-up.ts');
const { handler: signIn } = await import('#functions/auth/sign-in.ts');
const { handler: refresh } = await import('#functions/auth/refresh-session.ts');

const PASSWORD = 'Nebula#5528';
const clientId = process.env.USER_POOL_CLIENT_ID!;
const userPoolId = process.env.USER_POOL_ID!;
// What anyone gets from a token or the page: the pool's endpoint and the client id, not the secret.
const outsider = new CognitoIdentityProviderClient({});
afterAll(() => outsider.destroy());

const refusal = { name: 'NotAuthorizedException', message: expect.stringMatching(/^Unable to verify secret hash for client/) };

async function existsInUserPool(email: string): Promise<boolean> {
  try {
    await outsider.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  }
}

async function confirmedAccount(): Promise<string> {
  const email = uniqueEmail('secret');
  expect(parse(await signUp(httpEvent({ body: { email, password: PASSWORD } }))).status).toBe(201);
  expect(parse(await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }))).status).toBe(200);
  return email;
}

describe('Cognito answers the API only', () => {
  it('refuses a direct SignUp with only the client id, and no account is made', async () => {
    const email = uniqueEmail('direct');
    const call = outsider.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }));
    await expect(call).rejects.toMatchObject(refusal);
    expect(await existsInUserPool(email)).toBe(false);
  });

  it('refuses a direct SignUp whose hash was made with a guessed secret', async () => {
    const email = uniqueEmail('guess');
    const call = outsider.send(new SignUpCommand({ ClientId: clientId, Username: email, SecretHash: secretHash(email, clientId, 'guessed'), Password: PASSWORD }));
    await expect(call).rejects.toMatchObject(refusal);
    expect(await existsInUserPool(email)).toBe(false);
  });

  it('refuses a direct password sign-in with only the client id, even with the right password', async () => {
    const email = await confirmedAccount();
    const call = outsider.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: PASSWORD } }));
    await expect(call).rejects.toMatchObject(refusal);
  });

  it('refuses a direct refresh with the refresh token alone', async () => {
    const email = await confirmedAccount();
    const result = await signIn(httpEvent({ body: { email, password: PASSWORD } }));
    const refreshToken = result.cookies?.find((c) => c.startsWith('qq_refresh='))?.split(';')[0]!.slice('qq_refresh='.length);
    expect(refreshToken).toBeTruthy();
    const call = outsider.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken! } }));
    await expect(call).rejects.toMatchObject(refusal);
  });

  it('still signs a person up, in and on through the API: the profile, a working refresh', async () => {
    const email = await confirmedAccount();
    const result = await signIn(httpEvent({ body: { email, password: PASSWORD } }));
    const body = parse(result).body;
    expect(parse(result).status).toBe(200);
    expect(body.profile).toMatchObject({ email, role: 'student' });
    const cookie = result.cookies!.find((c) => c.startsWith('qq_refresh='))!.split(';')[0]!;
    const renewed = parse(await refresh({ ...httpEvent(), cookies: [cookie] }));
    expect(renewed.status).toBe(200);
    expect(renewed.body.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
