import type { LinkState } from './data/link-tokens.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { Gone } from '../lib/errors.ts';

/**
 * A refused reset link: the code tells the screen which card to show (expired, used, or
 * superseded by a later password reset).
 */
export function refusedResetLink(state: Exclude<LinkState, 'valid'> | 'superseded'): Gone {
  return new Gone(AUTH_MESSAGES.resetLinkInvalid, `link_${state}`);
}
