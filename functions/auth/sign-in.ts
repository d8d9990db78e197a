import { signInOutcomeSchema } from '#shared/api.ts';
import { credentialsSchema } from '#shared/validation/auth.ts';
import { authenticate } from './data/accounts.ts';
import { enforceRateLimit } from '../lib/data/rate-limits.ts';
import { clientIp, httpHandler, parseBody, respond } from '../lib/http.ts';
import { completeSignIn } from './complete-sign-in.ts';

/**
 * POST /api/auth/sign-in: password sign-in behind the server's attempt limit. The page gets
 * the id and access tokens; the refresh token goes into an HttpOnly cookie only. An account
 * with two-step sign-in on gets Cognito's challenge instead, answered at /api/auth/sign-in/mfa.
 */
export const handler = httpHandler(async (event) => {
  const { email, password } = parseBody(event, credentialsSchema);
  const now = Date.now();
  await enforceRateLimit('signIn', { email, ip: clientIp(event) }, now);

  const outcome = await authenticate(email, password);
  if ('mfa' in outcome) return respond(signInOutcomeSchema, { mfa: outcome.mfa });
  return completeSignIn(outcome, email, now, false);
});
