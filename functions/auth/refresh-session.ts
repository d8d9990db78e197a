import { refreshSchema } from '#shared/validation/auth.ts';
import { refreshSession } from '../data/accounts.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

/** POST /api/auth/refresh: new id and access tokens for a valid refresh token. */
export const handler = httpHandler(async (event) => {
  const { refreshToken } = parseBody(event, refreshSchema);
  const { idToken, accessToken, expiresAt } = await refreshSession(refreshToken);
  return json(200, { tokens: { idToken, accessToken, expiresAt } });
});
