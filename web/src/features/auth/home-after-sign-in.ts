import type { Profile } from '#shared/api.ts';
import { ROLE_HOME } from '#shared/constants.ts';

/** Where the two-step sign-in set-up lives (any signed-in account). */
export const SECURITY_PATH = '/security';

/**
 * Where a sign-in lands: the role's home (docs/accounts.md), except an admin without two-step
 * sign-in, who must set it up before the admin console answers.
 */
export function homeAfterSignIn(profile: Profile): string {
  return profile.role === 'admin' && !profile.mfa_enabled ? SECURITY_PATH : ROLE_HOME[profile.role];
}
