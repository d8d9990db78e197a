import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { refreshSession } from '../data/accounts.ts';
import { Unauthorized } from '../lib/errors.ts';
import { httpHandler, json, toResponse } from '../lib/http.ts';
import { clearedRefreshCookie, readRefreshCookie } from '../lib/refresh-cookie.ts';

/** POST /api/auth/refresh: new id and access tokens for the refresh token in the session cookie. */
export const handler = httpHandler(async (event) => {
  const refreshToken = readRefreshCookie(event);
  if (!refreshToken) throw new Unauthorized(AUTH_MESSAGES.sessionEnded, 'session_expired');
  try {
    const { idToken, accessToken, expiresAt } = await refreshSession(refreshToken);
    return json(200, { tokens: { idToken, accessToken, expiresAt } });
  } catch (error) {
    // A refused token never works again: drop the cookie so the browser stops sending it.
    if (error instanceof Unauthorized) return { ...toResponse(error), cookies: [clearedRefreshCookie()] };
    throw error;
  }
});
