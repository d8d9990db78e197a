import { scheduledEventSchema } from '#events/schedules.ts';
import { datesFrom } from '#shared/social/daily-challenge.ts';
import { log } from '../lib/log.ts';
import { ensureDailyChallenges } from './generate-challenges.ts';
import { jobHandler } from '../lib/instrument.ts';

const scheduled = scheduledEventSchema('generate-daily-challenges');

/**
 * Daily at 00:05 UTC (events/schedules.ts): the day's challenges, and the following days'
 * of the payload, because players east of UTC reach their next date hours before UTC does.
 * Idempotent: a retry or a second run keeps what exists.
 */
export const handler = jobHandler(async (event: unknown): Promise<{ created: number }> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  const dates = datesFrom(scheduledTime.slice(0, 10), 1 + payload.daysAhead);
  const created = await ensureDailyChallenges(dates, new Date());
  log.info('generated daily challenges', { scheduledTime, dates, created });
  return { created };
});
