import { messageResponseSchema } from '#shared/api.ts';
import { resetPasswordSchema } from '#shared/validation/auth.ts';
import { setPassword } from './data/accounts.ts';
import { consumeLinkToken, releaseLinkToken } from './data/link-tokens.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requirePasswordRule } from './password-rule.ts';
import { refusedResetLink } from './reset-link-errors.ts';
import { endEverySession, isRevokedLink } from './revocation.ts';

/**
 * POST /api/auth/password-reset/confirm: sets the new password; the link works once. The
 * reset then ends every session (whoever else held one is out) and every other reset link.
 * A teacher's or admin's password (an invitation's first one included) meets the staff rule;
 * a refused password leaves the link working.
 */
export const handler = httpHandler(async (event) => {
  const { token, password } = parseBody(event, resetPasswordSchema);
  const result = await consumeLinkToken(token, 'reset-password', Date.now());
  if (!result.ok) throw refusedResetLink(result.state);
  const { record } = result;
  if (!record.userId || (await isRevokedLink(record))) throw refusedResetLink('superseded');

  try {
    await requirePasswordRule(record.userId, password);
    await setPassword(record.email, password);
  } catch (error) {
    await releaseLinkToken(token);
    throw error;
  }
  await endEverySession(record.userId);
  return respond(messageResponseSchema, { message: 'Your password has been reset. You can sign in with it now.' });
});
