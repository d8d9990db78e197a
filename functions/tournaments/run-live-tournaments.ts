import { scheduledEventSchema } from '#events/schedules.ts';
import { log } from '../lib/log.ts';
import { alertStartingMatches } from './alert-players.ts';
import { ensureCurrentWeeks } from './ensure-week.ts';
import { resumeStalledMatches } from './resume-matches.ts';
import { startDueMatches } from './start-matches.ts';
import { jobHandler } from '../lib/instrument.ts';

const scheduled = scheduledEventSchema('run-live-tournaments');

/**
 * Every minute (events/schedules.ts): makes this week's and the coming week's tournaments
 * from the weekly schedule if missing (idempotent: conditional puts; one query per week
 * when they exist), hands each match due within the next ~minute to the runner, and
 * resumes each started match whose next step is overdue (no runner: a stop, a crash, a timeout),
 * and has the players of a match starting within 15 minutes alerted (an event, once per match).
 */
export const handler = jobHandler(async (event: unknown): Promise<{ created: number; started: string[]; resumed: string[]; alerted: string[] }> => {
  const { scheduledTime } = scheduled.parse(event);
  const now = new Date();
  const { created } = await ensureCurrentWeeks(now);
  const started = await startDueMatches(now);
  const resumed = await resumeStalledMatches(now);
  const alerted = await alertStartingMatches(now);
  if (created > 0 || started.length > 0 || resumed.length > 0 || alerted.length > 0) log.info('live tournaments', { scheduledTime, created, started, resumed, alerted });
  return { created, started, resumed, alerted };
});
