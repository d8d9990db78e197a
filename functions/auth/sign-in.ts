import { credentialsSchema } from '#shared/validation/auth.ts';
import { authenticate } from '../data/accounts.ts';
import { ensureProfile, newProfile } from '../data/profiles.ts';
import { enforceRateLimit } from '../data/rate-limits.ts';
import { recordSignIn } from '../data/sessions.ts';
import { clientIp, httpHandler, json, parseBody } from '../lib/http.ts';
import { refreshCookie } from '../lib/refresh-cookie.ts';

/**
 * POST /api/auth/sign-in: password sign-in behind the server's attempt limit. The page gets
 * the id and access tokens; the refresh token goes into an HttpOnly cookie only.
 */
export const handler = httpHandler(async (event) => {
  const { email, password } = parseBody(event, credentialsSchema);
  const now = Date.now();
  await enforceRateLimit('signIn', { email, ip: clientIp(event) }, now);

  const { sub, refreshToken, ...tokens } = await authenticate(email, password);
  // The confirmation trigger creates the profile; this covers an account confirmed while it failed.
  const [profile] = await Promise.all([
    ensureProfile(newProfile({ userId: sub, email, now: new Date(now) })),
    // When it signed in, so a password reset can end this session's renewals.
    recordSignIn(refreshToken, { userId: sub, signedInAtMs: now }),
  ]);
  return { ...json(200, { tokens, profile }), cookies: [refreshCookie(refreshToken)] };
});
