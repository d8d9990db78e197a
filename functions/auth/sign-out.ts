import { signOutSchema } from '#shared/validation/auth.ts';
import { revokeRefreshToken } from '../data/accounts.ts';
import { httpHandler, noContent, parseBody } from '../lib/http.ts';

/** POST /api/auth/sign-out: revokes the refresh token so the session cannot be renewed. */
export const handler = httpHandler(async (event) => {
  const { refreshToken } = parseBody(event, signOutSchema);
  await revokeRefreshToken(refreshToken);
  return noContent();
});
