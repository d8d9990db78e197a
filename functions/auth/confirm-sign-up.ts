import { messageResponseSchema } from '#shared/api.ts';
import { linkTokenBodySchema } from '#shared/validation/auth.ts';
import { confirmAccount } from './data/accounts.ts';
import { consumeLinkToken, releaseLinkToken } from './data/link-tokens.ts';
import { Gone } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';

const REFUSED = {
  expired: 'This confirmation link has expired. Sign up again with the same e-mail to get a new one.',
  used: 'This confirmation link was already used. You can sign in.',
  unknown: 'This confirmation link is not valid. Sign up again with the same e-mail to get a new one.',
  superseded: 'This confirmation link belongs to an earlier sign-up with this e-mail. Use the link in the newest e-mail, or sign up again.',
} as const;

/** POST /api/auth/confirm: the e-mailed link's token confirms the sign-up it was sent for, once. */
export const handler = httpHandler(async (event) => {
  const { token } = parseBody(event, linkTokenBodySchema);
  const result = await consumeLinkToken(token, 'confirm-sign-up', Date.now());
  if (!result.ok) throw new Gone(REFUSED[result.state], `link_${result.state}`);

  // A link without its sign-up's user id (issued before links named one) cannot say whose password it would confirm.
  const { userId, email } = result.record;
  if (!userId) throw new Gone(REFUSED.superseded, 'link_superseded');
  let outcome: Awaited<ReturnType<typeof confirmAccount>>;
  try {
    outcome = await confirmAccount(userId, email);
  } catch (error) {
    await releaseLinkToken(token);
    throw error;
  }
  if (outcome === 'superseded') throw new Gone(REFUSED.superseded, 'link_superseded');
  return respond(messageResponseSchema, { message: 'Your email is confirmed. You can sign in now.' });
});
