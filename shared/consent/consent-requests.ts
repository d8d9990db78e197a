import { DAY_MS } from '../dates.ts';

/**
 * Requests for a student's consent (a parent's link, a teacher's class invitation) each put a
 * notification in the student's bell, so they are limited per pair of asker and student
 * (remove-and-ask-again sent 6 in a second, even right after a decline).
 */
export const CONSENT_LIMITS = {
  /** Requests one parent or teacher may send one student per UTC day, whatever was removed in between. */
  perPairPerDay: 3,
  /** After the student declines (or removes a parent), that asker may not ask again for this many days. */
  afterDeclineDays: 7,
} as const;

export const CONSENT_MESSAGES = {
  tooManyToday: `You can ask this student at most ${CONSENT_LIMITS.perPairPerDay} times a day. Try again tomorrow.`,
  declinedRecently: `This student said no to your last request. You can ask again ${CONSENT_LIMITS.afterDeclineDays} days after that.`,
} as const;

/** The UTC day a request is counted in (YYYY-MM-DD). */
export const consentDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Until when a decline at `declinedAt` blocks new requests from the same asker. */
export const declineBlocksUntil = (declinedAt: Date): Date => new Date(declinedAt.getTime() + CONSENT_LIMITS.afterDeclineDays * DAY_MS);
