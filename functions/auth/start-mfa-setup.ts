import { type MfaSetup, mfaSetupResponseSchema, otpauthUri } from '#shared/validation/mfa.ts';
import { startSoftwareToken } from './data/mfa.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { bearerToken } from './bearer-token.ts';

/**
 * POST /api/auth/mfa/setup: a new authenticator secret for the signed-in account, as text and
 * as an otpauth:// URI. Nothing changes at sign-in until a code confirms it (/mfa/confirm).
 */
export const handler = httpHandler(async (event) => {
  const profile = await requireCaller(event);
  const secret = await startSoftwareToken(bearerToken(event));
  const setup: MfaSetup = { secret, otpauthUri: otpauthUri(secret, profile.email) };
  return respond(mfaSetupResponseSchema, setup);
});
