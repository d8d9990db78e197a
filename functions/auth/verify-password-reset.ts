import { verifyResetResponseSchema } from '#shared/api.ts';
import { linkTokenBodySchema, type ResetLinkInfo } from '#shared/validation/auth.ts';
import { readLinkToken, stateOf } from './data/link-tokens.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { passwordRuleOf } from './password-rule.ts';
import { refusedResetLink } from './reset-link-errors.ts';
import { isRevokedLink } from './revocation.ts';

/** POST /api/auth/password-reset/verify: tells the reset screen whether its link still works, and the rule its new password follows. */
export const handler = httpHandler(async (event) => {
  const { token } = parseBody(event, linkTokenBodySchema);
  const record = await readLinkToken(token);
  const state = stateOf(record, 'reset-password', Date.now());
  if (state !== 'valid' || !record) throw refusedResetLink(state === 'valid' ? 'unknown' : state);
  if (await isRevokedLink(record)) throw refusedResetLink('superseded');
  const info: ResetLinkInfo = { email: record.email, passwordRule: record.userId ? await passwordRuleOf(record.userId) : 'standard' };
  return respond(verifyResetResponseSchema, info);
});
