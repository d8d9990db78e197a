/**
 * Calendar days and weeks, one set of rules for every area. A day is `YYYY-MM-DD`; day
 * arithmetic is done on its midnight UTC, which has no daylight-saving jumps, so adding a
 * day is always 24 hours there. Which day an instant falls on depends on a time zone:
 * `localDate` says it for the player's zone, `utcDate` for UTC.
 */

export const DAY_MS = 86_400_000;

/** The calendar day of an instant in a time zone; an unknown zone falls back to UTC. */
export function localDate(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return utcDate(instant);
  }
}

/** The UTC calendar day of an instant (a Date, epoch ms or an ISO string). */
export const utcDate = (instant: Date | number | string): string => new Date(instant).toISOString().slice(0, 10);

/** Midnight UTC of a day, in epoch ms (NaN for a malformed day). */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number): string => utcDate(dayStartMs(day) + days * DAY_MS);

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

/** Monday 00:00 UTC of the ISO week holding `at`. */
export function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The ISO week id (`2026-W48`) of the week holding `at`: its year is the year of its Thursday. */
export function isoWeekId(at: Date): string {
  const monday = weekStart(at);
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round((weekStart(thursday).getTime() - weekStart(firstThursday).getTime()) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
