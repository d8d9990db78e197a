import { RATE_RULES, allows, windowStart, type RateAction } from '#shared/rate-limit.ts';
import type { KeyValueStore } from '@/lib/storage.ts';

/**
 * The client-side attempt limit (docs/accounts.md), per e-mail, in the same fixed windows as
 * the server's (shared/rate-limit.ts). It only spares a round trip: the server decides.
 */
export const ATTEMPTS_KEY_PREFIX = 'quizquest.attempts';

export type AttemptResult = { allowed: true } | { allowed: false; message: string };

export interface AttemptLimiter {
  /** Counts one attempt for the e-mail, or refuses it with the too-many-attempts message when the window is full. */
  take(action: RateAction, email: string): AttemptResult;
}

interface WindowCount {
  start: number;
  count: number;
}

function readCount(storage: KeyValueStore, key: string): WindowCount | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { start, count } = value as Record<string, unknown>;
    return typeof start === 'number' && typeof count === 'number' ? { start, count } : null;
  } catch {
    return null;
  }
}

export function createAttemptLimiter(storage: KeyValueStore, now: () => number = Date.now): AttemptLimiter {
  return {
    take(action, email) {
      const rule = RATE_RULES[action];
      const key = `${ATTEMPTS_KEY_PREFIX}.${action}.${email.trim().toLowerCase()}`;
      const start = windowStart(rule, now());
      const stored = readCount(storage, key);
      const count = stored?.start === start ? stored.count : 0;
      if (!allows(rule, count)) return { allowed: false, message: rule.message };
      storage.setItem(key, JSON.stringify({ start, count: count + 1 }));
      return { allowed: true };
    },
  };
}
