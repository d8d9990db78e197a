/**
 * The browser's IANA time zone (`Europe/Paris`), undefined when it will not say: where an
 * account adopts the first zone it is sent, nothing is better than a guess.
 */
export function detectedTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zone the server counts the player's "today" in (daily limit, streaks, the daily challenge); UTC if the browser will not say. */
export const browserTimeZone = (): string => detectedTimeZone() ?? 'UTC';
