/**
 * The "tournament alerts" setting (docs/social.md): a
 * registered player is told in the bell (and by push) that their live match starts soon.
 * The per-minute job decides which matches are due an alert; the notify consumer tells each
 * player once (keyed by the match), as the player's settings say.
 */

/** How long before the start players are alerted: time to finish what they are doing and join. */
export const ALERT_LEAD_MS = 15 * 60_000;

export interface AlertCandidate {
  match_status: string;
  participants: number;
  start_at: string;
  alert_sent_at?: string;
}

/**
 * A match is due its alert once, from ALERT_LEAD_MS before its start until the start: it
 * waits, has players and has not been alerted. An alert after the start is useless (the
 * match page itself says it is live), so a job that was down past the start sends none.
 */
export function alertDue(t: AlertCandidate, now: number): boolean {
  const start = Date.parse(t.start_at);
  return t.match_status === 'waiting' && t.participants > 0 && !t.alert_sent_at && now >= start - ALERT_LEAD_MS && now < start;
}

/** Whole minutes from the alert to the start, at least 1 (the alert's text). */
export const minutesUntil = (startAt: string, alertAt: string): number => Math.max(1, Math.ceil((Date.parse(startAt) - Date.parse(alertAt)) / 60_000));
