import { ALERT_LEAD_MS, alertDue } from '#shared/tournaments/alerts.ts';
import { isoWeekId } from '#shared/dates.ts';
import { markAlertSent, tournamentsOfWeek } from './data/tournaments.ts';
import { publish } from '../lib/publish.ts';

/**
 * Tells the notify consumer which matches start within ALERT_LEAD_MS: one
 * TournamentStartingSoon per match. Publishing an event keeps the notification code (settings,
 * quiet hours, push) out of this job's bundle. Published before the mark, so a crash between
 * the two sends it again next minute rather than never; the consumer keys each player's alert
 * by the match, so a second event makes nothing new.
 */
export async function alertStartingMatches(now: Date): Promise<string[]> {
  // A match early on Monday belongs to the coming week: look there too near the turn of the week.
  const weeks = [...new Set([isoWeekId(now), isoWeekId(new Date(now.getTime() + ALERT_LEAD_MS))])];
  const due = (await Promise.all(weeks.map((week) => tournamentsOfWeek(week)))).flat().filter((t) => alertDue(t, now.getTime()));
  const alerted: string[] = [];
  for (const t of due) {
    const alertAt = now.toISOString();
    await publish('TournamentStartingSoon', { tournamentId: t.id, name: t.name, subject: t.subject, level: t.level, startAt: t.start_at, alertAt });
    if (await markAlertSent(t.id, alertAt)) alerted.push(t.id);
  }
  return alerted;
}
