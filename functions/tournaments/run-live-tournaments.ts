import { scheduledEventSchema } from '#events/schedules.ts';
import { log } from '../lib/log.ts';
import { ensureCurrentWeeks } from './ensure-week.ts';
import { startDueMatches } from './start-matches.ts';

const scheduled = scheduledEventSchema('run-live-tournaments');

/**
 * Every minute (events/schedules.ts): makes this week's and the coming week's tournaments
 * from the weekly schedule if missing (idempotent: conditional puts; one query per week
 * when they exist), and hands each match due within the next ~minute to the runner.
 */
export const handler = async (event: unknown): Promise<{ created: number; started: string[] }> => {
  const { scheduledTime } = scheduled.parse(event);
  const now = new Date();
  const { created } = await ensureCurrentWeeks(now);
  const started = await startDueMatches(now);
  if (created > 0 || started.length > 0) log.info('live tournaments', { scheduledTime, created, started });
  return { created, started };
};
