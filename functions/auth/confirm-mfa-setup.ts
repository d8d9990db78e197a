import { profileMessageResponseSchema } from '#shared/api.ts';
import { MFA_MESSAGES, mfaConfirmSchema } from '#shared/validation/mfa.ts';
import { confirmSoftwareToken, markMfaEnabled } from './data/mfa.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { bearerToken } from './bearer-token.ts';

/**
 * POST /api/auth/mfa/confirm: the app's first code proves it holds the secret; from then on
 * every sign-in of the account asks for a code, and the profile says so (admins need it).
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const { code } = parseBody(event, mfaConfirmSchema);
  await confirmSoftwareToken(bearerToken(event), code);
  await markMfaEnabled(profile.user_id, new Date());
  return respond(profileMessageResponseSchema, { message: MFA_MESSAGES.enabled, profile: { ...profile, mfa_enabled: true } });
});
