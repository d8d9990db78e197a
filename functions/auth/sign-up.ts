import { messageResponseSchema } from '#shared/api.ts';
import { CONFIRM_LINK_TTL_MS } from '#shared/constants.ts';
import { credentialsSchema } from '#shared/validation/auth.ts';
import { deletePendingAccount, registerPendingAccount } from './data/accounts.ts';
import { issueLinkToken } from './data/link-tokens.ts';
import { enforceRateLimit } from '../lib/data/rate-limits.ts';
import { clientIp, httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { publish } from '../lib/publish.ts';

/**
 * POST /api/auth/sign-up: creates an unconfirmed account and e-mails a confirmation link
 * for exactly this sign-up. Signing up again for a pending address replaces the pending
 * account, so the password that works after confirming is the one of the link clicked.
 */
export const handler = httpHandler(async (event) => {
  const { email, password } = parseBody(event, credentialsSchema);
  const now = Date.now();
  await enforceRateLimit('signUp', { email, ip: clientIp(event) }, now);

  const userId = await registerPendingAccount(email, password);
  try {
    const token = await issueLinkToken({ purpose: 'confirm-sign-up', email, userId, ttlMs: CONFIRM_LINK_TTL_MS, nowMs: now });
    await publish('EmailRequested', { to: email, template: 'confirm-sign-up', path: `/auth?confirm=${token}` });
  } catch (error) {
    // Without its e-mail the account could never be confirmed: take it back rather than leave it half made.
    await deletePendingAccount(userId).catch((cleanup: unknown) => log.error('could not remove an unmailed sign-up', { userId, cleanup: String(cleanup) }));
    throw error;
  }
  return respond(messageResponseSchema, { message: 'Check your email to confirm your account' }, 201);
});
