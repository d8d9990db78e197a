import { refreshResponseSchema } from '#shared/api.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { refreshSession, revokeRefreshToken } from './data/accounts.ts';
import { signInOf } from './data/sessions.ts';
import { Unauthorized } from '../lib/errors.ts';
import { httpHandler, respond, toResponse } from '../lib/http.ts';
import { clearedRefreshCookie, readRefreshCookie } from '../lib/refresh-cookie.ts';
import { isRevokedSignIn } from './revocation.ts';

const sessionEnded = () => new Unauthorized(AUTH_MESSAGES.sessionEnded, 'session_expired');

/**
 * POST /api/auth/refresh: new id and access tokens for the refresh token in the session
 * cookie, if its sign-in was recorded here and is not older than the account's last
 * revocation (a password reset ends every session).
 */
export const handler = httpHandler(async (event) => {
  const refreshToken = readRefreshCookie(event);
  if (!refreshToken) throw sessionEnded();
  try {
    const signIn = await signInOf(refreshToken);
    if (!signIn) throw sessionEnded();
    if (await isRevokedSignIn(signIn)) {
      await revokeRefreshToken(refreshToken); // Cognito's side too, where global sign-out is missing (cognito-local)
      throw sessionEnded();
    }
    const { idToken, accessToken, expiresAt, sub } = await refreshSession(refreshToken, signIn.userId);
    if (sub !== signIn.userId) throw sessionEnded();
    return respond(refreshResponseSchema, { tokens: { idToken, accessToken, expiresAt } });
  } catch (error) {
    // A refused token never works again: drop the cookie so the browser stops sending it.
    if (error instanceof Unauthorized) return { ...toResponse(error), cookies: [clearedRefreshCookie()] };
    throw error;
  }
});
