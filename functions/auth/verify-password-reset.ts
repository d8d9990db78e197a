import { linkTokenBodySchema } from '#shared/validation/auth.ts';
import { readLinkToken, stateOf } from '../data/link-tokens.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';
import { refusedResetLink } from './reset-link-errors.ts';
import { isRevokedLink } from './revocation.ts';

/** POST /api/auth/password-reset/verify: tells the reset screen whether its link still works. */
export const handler = httpHandler(async (event) => {
  const { token } = parseBody(event, linkTokenBodySchema);
  const record = await readLinkToken(token);
  const state = stateOf(record, 'reset-password', Date.now());
  if (state !== 'valid' || !record) throw refusedResetLink(state === 'valid' ? 'unknown' : state);
  if (await isRevokedLink(record)) throw refusedResetLink('superseded');
  return json(200, { email: record.email });
});
