import * as z from 'zod';

/**
 * Accessible timed play: a per-student time multiplier kept on the profile and
 * honoured by the server wherever play is timed (competitions, friend challenges, live
 * tournaments). 1 is the standard time; 'none' lifts the limit altogether. Only the
 * profile sets it: no round or answer request carries a multiplier of its own.
 */
export const TIME_MULTIPLIERS = [1, 1.5, 2, 'none'] as const;
export type TimeMultiplier = (typeof TIME_MULTIPLIERS)[number];

export const DEFAULT_TIME_MULTIPLIER: TimeMultiplier = 1;

export const TIME_MULTIPLIER_INVALID = 'Please choose one of the time options';

export const timeMultiplierSchema = z.union([z.literal(1), z.literal(1.5), z.literal(2), z.literal('none')], { error: TIME_MULTIPLIER_INVALID });

/** What a person reads in the select and beside a countdown. */
export const TIME_MULTIPLIER_LABELS: Record<`${TimeMultiplier}`, string> = {
  '1': 'Standard time',
  '1.5': '1.5× time',
  '2': 'Double time',
  none: 'No time limit',
};

export const timeMultiplierLabel = (multiplier: TimeMultiplier): string => TIME_MULTIPLIER_LABELS[`${multiplier}`];

/** The short explanation under the select on /profile. */
export const TIME_MULTIPLIER_HELP =
  'Extra time for timed play (competitions, challenges and live tournaments), for example as an exam access arrangement. The server applies it when a round starts.';

/** A select's string value back to a multiplier (undefined for anything else). */
export function parseTimeMultiplier(value: string): TimeMultiplier | undefined {
  return TIME_MULTIPLIERS.find((multiplier) => `${multiplier}` === value);
}

/**
 * The time a player with this multiplier is allowed for something whose standard limit is
 * `baseMs`: rounded to whole milliseconds; null means no limit (no deadline at all).
 */
export function allowedMs(baseMs: number, multiplier: TimeMultiplier): number | null {
  if (multiplier === 'none') return null;
  return Math.round(baseMs * multiplier);
}

/**
 * How much slower a player may be and still earn the same speed bonus. The bonus is judged
 * relative to the player's own window: a ×2 player's 20 s per question counts as a
 * standard player's 10 s, so extra time never costs points. With no limit there is no
 * window; such a player is judged like the most generous finite allowance (×2), which
 * keeps the bonus reachable without making unlimited time a scoring advantage.
 */
export function speedScale(multiplier: TimeMultiplier): number {
  return multiplier === 'none' ? 2 : multiplier;
}

/** Time spent, as the speed bonus sees it: the real time divided by the player's speed scale. */
export function timeForSpeedMs(timeSpentMs: number, multiplier: TimeMultiplier): number {
  return timeSpentMs / speedScale(multiplier);
}
