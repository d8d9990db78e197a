/**
 * The time zone an account's days are counted in (streaks, the dashboard's "today"). It
 * belongs to the account, not to each request: otherwise a player could send a zone a day
 * ahead with every other round and count two days in minutes. The first round sets it; a
 * different zone is taken at most once a day (a move or a trip), and otherwise ignored.
 */
export const TIME_ZONE_CHANGE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A zone this runtime knows (an unknown one would silently count in UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface AccountTimeZone {
  timeZone?: string | undefined;
  /** When the account's zone was last set (ISO). */
  changedAt?: string | undefined;
}

/** The zone a round counts in, and whether the account should now keep `requested`. */
export function roundTimeZone(account: AccountTimeZone, requested: string, now: Date): { timeZone: string; store: boolean } {
  const stored = account.timeZone;
  if (!isTimeZone(requested) || requested === stored) return { timeZone: stored ?? 'UTC', store: false };
  if (!stored) return { timeZone: requested, store: true };
  const since = account.changedAt ? now.getTime() - Date.parse(account.changedAt) : Infinity;
  return since >= TIME_ZONE_CHANGE_AFTER_MS ? { timeZone: requested, store: true } : { timeZone: stored, store: false };
}
