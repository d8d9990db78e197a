import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Cognito's SECRET_HASH for an app client with a secret: base64(HMAC-SHA256(key = client
 * secret, message = username + client id)). `username` is what the call names the user by
 * (the e-mail at sign-up and sign-in, the user id when refreshing).
 */
export function secretHash(username: string, clientId: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(username + clientId).digest('base64');
}

/** Whether `given` is the right hash, compared in constant time (the local Cognito front checks with this). */
export function isSecretHash(given: string | undefined, username: string, clientId: string, clientSecret: string): boolean {
  if (!given) return false;
  const expected = Buffer.from(secretHash(username, clientId, clientSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
