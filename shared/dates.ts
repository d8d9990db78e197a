/**
 * Calendar days and weeks, one set of rules for every area. A day is `YYYY-MM-DD`; day
 * arithmetic is done on its midnight UTC, which has no daylight-saving jumps, so adding a
 * day is always 24 hours there. Which day an instant falls on depends on a time zone:
 * `localDate` says it for the player's zone, `utcDate` for UTC.
 */

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An `en-CA` formatter (YYYY-MM-DD, 24-hour) of a zone, made once per zone and shape: making one
 * costs far more than using it, and the consumers read local days for every event. Throws
 * RangeError for an unknown zone, as the constructor does.
 */
export function zonedFormatter(timeZone: string, withTime = false): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const time = withTime ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    // Zones are a few hundred names, but spelled in any letter case: the cache stays bounded.
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar day of an instant in a time zone; an unknown zone falls back to UTC. */
export function localDate(instant: Date, timeZone: string): string {
  try {
    return zonedFormatter(timeZone).format(instant);
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
