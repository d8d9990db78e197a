import { scheduledEventSchema } from '#events/schedules.ts';
import { log } from '../lib/log.ts';
import { sendDueStudyReminders } from './study-reminders.ts';
import { jobHandler } from '../lib/instrument.ts';

const scheduled = scheduledEventSchema('send-study-reminders');

/** Scheduled every 5 minutes: the study reminders due by the run's time go to the bell. */
export const handler = jobHandler(async (event: unknown): Promise<void> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  const report = await sendDueStudyReminders(new Date(scheduledTime), payload);
  log.info('study reminders', { scheduledTime, ...report });
});
