import { describe, expect, inject, it } from 'vitest';
import { linkToken, mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';

/**
 * The HTTP API takes Cognito ACCESS tokens only, as the WebSocket does: an ID
 * token is signed by the same pool for the same client, so a JWT authorizer that checks only
 * issuer and audience would let it in. Checked through the local API Gateway (its JWT
 * authorizer) and in the handlers' shared caller check, which refuses the claims an ID token
 * carries whichever authorizer passed them.
 */
const { mailbox } = useLocalStack();
const api = inject('apiUrl');
const { handler: signUp } = await import('../../functions/auth/sign-up.ts');
const { handler: confirm } = await import('../../functions/auth/confirm-sign-up.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');

const PASSWORD = 'Pulsar#3141';

async function signedIn(): Promise<{ idToken: string; accessToken: string; userId: string }> {
  const email = uniqueEmail('token-use');
  await signUp(httpEvent({ body: { email, password: PASSWORD } }));
  await confirm(httpEvent({ body: { token: linkToken(await mailTo(mailbox, email, /Confirm/), 'confirm') } }));
  const response = await fetch(`${api}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(response.status).toBe(200);
  const { tokens, profile } = (await response.json()) as { tokens: { idToken: string; accessToken: string }; profile: { user_id: string } };
  expect(tokens.idToken).toBeTruthy();
  return { ...tokens, userId: profile.user_id };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('bearer tokens on the HTTP API', () => {
  it('an ID token is refused with 401 and no profile; the access token of the same sign-in works', async () => {
    const { idToken, accessToken, userId } = await signedIn();
    const withId = await fetch(`${api}/api/me`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(withId.status).toBe(401);
    expect(await withId.text()).not.toContain(userId);

    const withAccess = await fetch(`${api}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(withAccess.status).toBe(200);
    expect(((await withAccess.json()) as { profile: { user_id: string } }).profile.user_id).toBe(userId);
  });

  it('the handlers refuse an ID token\'s claims even if an authorizer passed them (AWS checks aud or client_id alike)', async () => {
    const { idToken, accessToken } = await signedIn();
    const asPassed = (claims: Record<string, unknown>) => {
      const event = httpEvent();
      // API Gateway hands claims over as strings.
      event.requestContext.authorizer = { jwt: { claims: Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)])), scopes: null } } as never;
      return event;
    };
    const refused = parse(await getMe(asPassed(claimsOf(idToken))));
    expect(refused.status).toBe(401);
    expect(refused.body.profile).toBeUndefined();
    expect(parse(await getMe(asPassed(claimsOf(accessToken)))).status).toBe(200);
  });
});
