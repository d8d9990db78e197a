import type { Profile } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { getProfile } from '../data/profiles.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import type { HttpEvent } from './http.ts';

/**
 * Who is calling. The API's JWT authorizer has already verified the token; the role
 * comes from the server's profile, not from anything the browser sends.
 */
export async function requireCaller(event: HttpEvent, allowed?: readonly Role[]): Promise<Profile> {
  const sub = event.requestContext.authorizer?.jwt?.claims.sub;
  if (typeof sub !== 'string' || !sub) throw new Unauthorized();
  const profile = await getProfile(sub);
  // No profile means no access (1-core §6).
  if (!profile) throw new Forbidden('No profile exists for this account', 'no_profile');
  if (allowed && !allowed.includes(profile.role)) throw new Forbidden();
  return profile;
}
