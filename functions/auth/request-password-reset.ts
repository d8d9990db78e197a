import { messageResponseSchema } from '#shared/api.ts';
import { RESET_LINK_TTL_MS } from '#shared/constants.ts';
import { resetRequestSchema } from '#shared/validation/auth.ts';
import { lookUpAccount } from './data/accounts.ts';
import { issueLinkToken } from './data/link-tokens.ts';
import { enforceRateLimit } from '../lib/data/rate-limits.ts';
import { clientIp, httpHandler, parseBody, respond } from '../lib/http.ts';
import { publish } from '../lib/publish.ts';

/**
 * POST /api/auth/password-reset: e-mails a one-hour, single-use link. The answer is the
 * same whether or not the account exists, so the form cannot be used to probe e-mails.
 */
export const handler = httpHandler(async (event) => {
  const { email } = parseBody(event, resetRequestSchema);
  const now = Date.now();
  await enforceRateLimit('passwordReset', { email, ip: clientIp(event) }, now);

  const account = await lookUpAccount(email);
  if (account.status === 'confirmed' && account.userId) {
    const token = await issueLinkToken({ purpose: 'reset-password', email, userId: account.userId, ttlMs: RESET_LINK_TTL_MS, nowMs: now });
    await publish('EmailRequested', { to: email, template: 'reset-password', path: `/reset-password?token=${token}` });
  }
  return respond(messageResponseSchema, { message: 'If an account exists for this e-mail, a reset link is on its way.' }, 202);
});
