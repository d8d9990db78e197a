import { Unauthorized } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/**
 * The caller's access token itself, for the Cognito calls that act as the user (the
 * authenticator set-up). The API's authorizer has already verified it.
 */
export function bearerToken(event: HttpEvent): string {
  const header = event.headers.authorization ?? event.headers.Authorization ?? '';
  const token = /^Bearer\s+([\w.-]+)$/i.exec(header)?.[1];
  if (!token) throw new Unauthorized();
  return token;
}
