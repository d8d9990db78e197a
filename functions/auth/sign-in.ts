import { credentialsSchema } from '#shared/validation/auth.ts';
import { authenticate } from '../data/accounts.ts';
import { ensureProfile, newProfile } from '../data/profiles.ts';
import { enforceRateLimit } from '../data/rate-limits.ts';
import { clientIp, httpHandler, json, parseBody } from '../lib/http.ts';
import { refreshCookie } from '../lib/refresh-cookie.ts';

/**
 * POST /api/auth/sign-in: password sign-in behind the server's attempt limit. The page gets
 * the id and access tokens; the refresh token goes into an HttpOnly cookie only.
 */
export const handler = httpHandler(async (event) => {
  const { email, password } = parseBody(event, credentialsSchema);
  await enforceRateLimit('signIn', { email, ip: clientIp(event) }, Date.now());

  const { sub, refreshToken, ...tokens } = await authenticate(email, password);
  // The confirmation trigger creates the profile; this covers an account confirmed while it failed.
  const profile = await ensureProfile(newProfile({ userId: sub, email, now: new Date() }));
  return { ...json(200, { tokens, profile }), cookies: [refreshCookie(refreshToken)] };
});
