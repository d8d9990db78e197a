import { linkTokenBodySchema } from '#shared/validation/auth.ts';
import { confirmAccount } from '../data/accounts.ts';
import { consumeLinkToken, releaseLinkToken } from '../data/link-tokens.ts';
import { Gone } from '../lib/errors.ts';
import { httpHandler, json, parseBody } from '../lib/http.ts';

const REFUSED = {
  expired: 'This confirmation link has expired. Sign up again with the same e-mail to get a new one.',
  used: 'This confirmation link was already used. You can sign in.',
  unknown: 'This confirmation link is not valid. Sign up again with the same e-mail to get a new one.',
} as const;

/** POST /api/auth/confirm: the e-mailed link's token confirms the account, once. */
export const handler = httpHandler(async (event) => {
  const { token } = parseBody(event, linkTokenBodySchema);
  const result = await consumeLinkToken(token, 'confirm-sign-up', Date.now());
  if (!result.ok) throw new Gone(REFUSED[result.state], `link_${result.state}`);

  try {
    await confirmAccount(result.record.email);
  } catch (error) {
    await releaseLinkToken(token);
    throw error;
  }
  return json(200, { message: 'Your email is confirmed. You can sign in now.' });
});
