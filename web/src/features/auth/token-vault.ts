import { sessionTokensSchema } from '#shared/api.ts';
import type { KeyValueStore } from '@/lib/storage.ts';
import type { TokenVault } from './session-store.ts';

/** The localStorage key holding the session's tokens. */
export const SESSION_STORAGE_KEY = 'quizquest.session';

/** Tokens as JSON under one key; a value that does not parse counts as no session. */
export function storageTokenVault(storage: KeyValueStore, key = SESSION_STORAGE_KEY): TokenVault {
  return {
    load() {
      const raw = storage.getItem(key);
      if (raw === null) return null;
      try {
        const parsed = sessionTokensSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    save: (tokens) => storage.setItem(key, JSON.stringify(tokens)),
    clear: () => storage.removeItem(key),
  };
}
