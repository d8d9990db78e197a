import { revokeRefreshToken } from '../data/accounts.ts';
import { forgetSignIn } from '../data/sessions.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { clearedRefreshCookie, readRefreshCookie } from '../lib/refresh-cookie.ts';

/** POST /api/auth/sign-out: revokes the cookie's refresh token so the session cannot be renewed, and clears the cookie. */
export const handler = httpHandler(async (event) => {
  const refreshToken = readRefreshCookie(event);
  if (refreshToken) await Promise.all([revokeRefreshToken(refreshToken), forgetSignIn(refreshToken)]);
  return { ...noContent(), cookies: [clearedRefreshCookie()] };
});
