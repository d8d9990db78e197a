import { signInResponseSchema } from '#shared/api.ts';
import { type HttpResult, respond } from '../lib/http.ts';
import type { IssuedSession } from './data/accounts.ts';
import { markMfaEnabled } from './data/mfa.ts';
import { ensureProfile, newProfile } from '../profile/data/profiles.ts';
import { recordSignIn } from './data/sessions.ts';
import { refreshCookie } from '../lib/refresh-cookie.ts';

/**
 * The end of a sign-in, with or without the authenticator step (`secondStep`): the page gets the
 * id and access tokens and the profile, the refresh token goes into an HttpOnly cookie only.
 */
export async function completeSignIn(issued: IssuedSession, email: string, now: number, secondStep: boolean): Promise<HttpResult> {
  const { sub, refreshToken, ...tokens } = issued;
  // The confirmation trigger creates the profile; this covers an account confirmed while it failed.
  const [stored] = await Promise.all([
    ensureProfile(newProfile({ userId: sub, email, now: new Date(now) })),
    // When it signed in, so a password reset can end this session's renewals.
    recordSignIn(refreshToken, { userId: sub, signedInAtMs: now }),
  ]);
  // The profile's note follows what Cognito just did: an authenticator turned off (or on) with the
  // account's own token, straight at Cognito, cannot leave an admin passing the check without one.
  let profile = stored;
  if (Boolean(stored.mfa_enabled) !== secondStep) {
    await markMfaEnabled(sub, new Date(now), secondStep);
    profile = { ...stored, mfa_enabled: secondStep };
  }
  return { ...respond(signInResponseSchema, { tokens, profile }), cookies: [refreshCookie(refreshToken)] };
}
