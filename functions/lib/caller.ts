import type { Profile } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { MFA_MESSAGES } from '#shared/validation/mfa.ts';
import { callerRecords } from '../auth/data/caller-records.ts';
import { issuedBeforeCutoff } from '../auth/data/sessions.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import type { HttpEvent } from './http.ts';

/** When the token was issued, in epoch seconds; API Gateway hands claims over as strings. */
function issuedAt(claims: Record<string, unknown>): number | undefined {
  const iat = Number(claims.iat);
  return Number.isFinite(iat) && iat > 0 ? iat : undefined;
}

/**
 * Who is calling. The API's JWT authorizer has already verified the token; the role
 * comes from the server's profile, not from anything the browser sends. A token issued
 * before the account's sessions were revoked (a password reset) is refused, though the
 * authorizer would accept it until it expires. ID tokens are refused (access tokens only).
 */
export async function requireCaller(event: HttpEvent, allowed?: readonly Role[]): Promise<Profile> {
  return (await requireCallerWith(event, () => [], allowed)).profile;
}

/**
 * requireCaller that also reads items of the caller's own (keys built from the verified `sub`,
 * e.g. the round being answered) in the same consistent BatchGet: one DynamoDB request where a
 * handler made two. The items are handed back only once the caller has passed every check.
 */
export async function requireCallerWith(
  event: HttpEvent,
  ownKeys: (userId: string) => readonly { pk: string; sk: string }[],
  allowed?: readonly Role[],
): Promise<{ profile: Profile; items: (Record<string, unknown> | undefined)[] }> {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const sub = claims.sub;
  if (typeof sub !== 'string' || !sub) throw new Unauthorized();
  // Access tokens only: an ID token is signed for the same client, and a JWT authorizer that
  // checks `aud` or `client_id` alike would pass it. Cognito stamps every token with token_use.
  if (claims.token_use !== undefined && claims.token_use !== 'access') throw new Unauthorized();
  const { profile, validAfterMs, items } = await callerRecords(sub, ownKeys(sub));
  if (validAfterMs !== undefined) {
    const iat = issuedAt(claims);
    if (iat === undefined || issuedBeforeCutoff(iat, validAfterMs)) throw new Unauthorized(AUTH_MESSAGES.sessionEnded, 'session_revoked');
  }
  // No profile means no access (docs/architecture.md).
  if (!profile) throw new Forbidden('No profile exists for this account', 'no_profile');
  if (allowed && !allowed.includes(profile.role)) throw new Forbidden();
  if (allowed?.every((role) => role === 'admin')) requireAdminSecondStep(profile);
  return { profile, items };
}

/**
 * Admins sign in with an authenticator code too: an admin-only call from an
 * account that has not turned two-step sign-in on is refused until it does (/security).
 */
export function requireAdminSecondStep(profile: Profile): void {
  if (profile.role === 'admin' && profile.mfa_enabled !== true) throw new Forbidden(MFA_MESSAGES.setupRequired, 'mfa_setup_required');
}
