/** Small display rules of the quiz screen: clock, option letters, answer keys, result message. */
import type { ScoreTier } from '#shared/quiz/score-tier.ts';

/** m:ss for a number of whole seconds (negative counts as 0): 65 → "1:05", 600 → "10:00". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** m:ss for a duration in milliseconds, rounded down to the second. */
export const formatDuration = (ms: number): string => formatClock(ms / 1000);

/** A, B, C… for option 0, 1, 2… */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);

/** "A. Paris": the text an option button reads as. */
export const optionLabel = (index: number, option: string): string => `${optionLetter(index)}. ${option}`;

/**
 * The option a key chooses: 1–9 by number, A–Z by letter (either case); null when the
 * key means nothing here or points past the last option.
 */
export function optionIndexForKey(key: string, optionCount: number): number | null {
  let index: number | null = null;
  if (/^[1-9]$/.test(key)) index = Number(key) - 1;
  else if (/^[a-z]$/i.test(key)) index = key.toUpperCase().charCodeAt(0) - 65;
  return index !== null && index < optionCount ? index : null;
}

/** The summary's line under its tier icon (shared/quiz/score-tier.ts). */
export const RESULT_TIER_MESSAGE: Record<ScoreTier, string> = {
  gold: 'Excellent work!',
  blue: 'Good job!',
  neutral: 'Keep practising!',
};
