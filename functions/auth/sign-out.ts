import { revokeRefreshToken } from './data/accounts.ts';
import { httpHandler, noContent } from '../lib/http.ts';
import { clearedRefreshCookie, readRefreshCookie } from '../lib/refresh-cookie.ts';

/**
 * POST /api/auth/sign-out: revokes the cookie's refresh token so the session cannot be
 * renewed, and clears the cookie. (Its sign-in record just expires: a revoked token renews nothing.)
 */
export const handler = httpHandler(async (event) => {
  const refreshToken = readRefreshCookie(event);
  if (refreshToken) await revokeRefreshToken(refreshToken);
  return { ...noContent(), cookies: [clearedRefreshCookie()] };
});
