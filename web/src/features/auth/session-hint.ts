import type { KeyValueStore } from '@/lib/storage.ts';
import type { SessionHint } from './session-store.ts';

/** The localStorage key of the signed-in marker; other tabs follow its changes. */
export const SESSION_HINT_KEY = 'quizquest.signed-in';
/** Where earlier versions kept every token, the refresh token included. */
const LEGACY_TOKENS_KEY = 'quizquest.session';

/**
 * A marker that this browser has a session (its refresh token sits in an HttpOnly cookie),
 * so a page load knows whether a restore is worth a request. It holds no token.
 */
export function storageSessionHint(storage: KeyValueStore, key = SESSION_HINT_KEY): SessionHint {
  // Tokens an earlier version left in storage are readable by any script: remove them.
  storage.removeItem(LEGACY_TOKENS_KEY);
  return {
    load: () => storage.getItem(key),
    save: (marker) => storage.setItem(key, marker),
    clear: () => storage.removeItem(key),
  };
}
