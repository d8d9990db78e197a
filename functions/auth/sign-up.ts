import { CONFIRM_LINK_TTL_MS } from '#shared/constants.ts';
import { credentialsSchema } from '#shared/validation/auth.ts';
import { accountStatus, registerAccount } from '../data/accounts.ts';
import { issueLinkToken } from '../data/link-tokens.ts';
import { enforceRateLimit } from '../data/rate-limits.ts';
import { Conflict } from '../lib/errors.ts';
import { clientIp, httpHandler, json, parseBody } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';

/** POST /api/auth/sign-up: creates an unconfirmed account and e-mails a confirmation link. */
export const handler = httpHandler(async (event) => {
  const { email, password } = parseBody(event, credentialsSchema);
  const now = Date.now();
  await enforceRateLimit('signUp', { email, ip: clientIp(event) }, now);

  try {
    await registerAccount(email, password);
  } catch (error) {
    // Someone who signed up but lost the e-mail gets a fresh link instead of a dead end.
    if (!(error instanceof Conflict) || (await accountStatus(email)) !== 'unconfirmed') throw error;
  }

  const token = await issueLinkToken({ purpose: 'confirm-sign-up', email, ttlMs: CONFIRM_LINK_TTL_MS, nowMs: now });
  await publish('EmailRequested', { to: email, template: 'confirm-sign-up', path: `/auth?confirm=${token}` });
  return json(201, { message: 'Check your email to confirm your account' });
});
