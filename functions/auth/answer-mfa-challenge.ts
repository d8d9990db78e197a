import { decodeJwt } from 'jose';
import { mfaAnswerSchema } from '#shared/validation/mfa.ts';
import { answerMfaChallenge } from './data/mfa.ts';
import { enforceRateLimit } from '../lib/data/rate-limits.ts';
import { clientIp, httpHandler, parseBody } from '../lib/http.ts';
import { completeSignIn } from './complete-sign-in.ts';

/**
 * POST /api/auth/sign-in/mfa: the authenticator app's code for the challenge sign-in answered.
 * The same attempt limit as sign-in (per account and per address), so six digits cannot be
 * guessed faster than a password; Cognito also ends the challenge after 3 minutes.
 */
export const handler = httpHandler(async (event) => {
  const { session, username, code } = parseBody(event, mfaAnswerSchema);
  const now = Date.now();
  await enforceRateLimit('signIn', { email: username, ip: clientIp(event) }, now);

  const issued = await answerMfaChallenge(username, session, code);
  // The address from Cognito's own token, not from the request.
  const email = String(decodeJwt(issued.idToken).email ?? '');
  return completeSignIn(issued, email, now, true);
});
