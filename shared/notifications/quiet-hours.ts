import { addDays, zonedFormatter } from '../dates.ts';
import type { QuietHours, TimeOfDay } from './settings.ts';

/**
 * Quiet hours and wall-clock times in a time zone (docs/social.md). Quiet hours may run over
 * midnight (22:00–08:00): start inclusive, end exclusive.
 */
export const minutesOf = (time: TimeOfDay): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function isQuietAt(minuteOfDay: number, quiet: QuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

interface WallClock {
  date: string;
  minuteOfDay: number;
}

/** The local date and minute of an instant in a zone; an unknown zone counts as UTC. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zonedFormatter(timeZone, true).formatToParts(instant);
  } catch {
    return wallClock(instant, 'UTC');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minuteOfDay: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const { date, minuteOfDay } = wallClock(instant, timeZone);
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000;
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which a zone's clocks show `time` on `date`. A time skipped by a DST jump
 * comes out an hour later, as clocks read after the jump; a repeated time, its first pass.
 */
export function zonedInstant(date: string, time: TimeOfDay, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // The offsets a day either side cover both sides of any DST change on that date.
  const candidates = [-86_400_000, 0, 86_400_000].map((shift) => naive - offsetMinutes(new Date(naive + shift), timeZone) * 60_000);
  const reads = (t: number) => {
    const clock = wallClock(new Date(t), timeZone);
    return clock.date === date && clock.minuteOfDay === minutesOf(time);
  };
  const matching = candidates.filter(reads);
  return new Date(matching.length > 0 ? Math.min(...matching) : Math.max(...candidates));
}

export const isQuietInstant = (instant: Date, timeZone: string, quiet: QuietHours): boolean => isQuietAt(wallClock(instant, timeZone).minuteOfDay, quiet);

/** When an item made at `instant` may be delivered: then, or when the quiet hours around it end. */
export function deliveryTime(instant: Date, timeZone: string, quiet: QuietHours): Date {
  if (!isQuietInstant(instant, timeZone, quiet)) return instant;
  const { date, minuteOfDay } = wallClock(instant, timeZone);
  // Past the end time today means the quiet hours end tomorrow (an overnight range before midnight).
  const endDate = minuteOfDay < minutesOf(quiet.end) ? date : addDays(date, 1);
  return zonedInstant(endDate, quiet.end, timeZone);
}

