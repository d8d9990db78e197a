import type { LinkState } from '../data/link-tokens.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { Gone } from '../lib/errors.ts';

/** A refused reset link: the code tells the screen which card to show (expired vs used). */
export function refusedResetLink(state: Exclude<LinkState, 'valid'>): Gone {
  return new Gone(AUTH_MESSAGES.resetLinkInvalid, `link_${state}`);
}
