import { scheduledEventSchema } from '#events/schedules.ts';
import { jobHandler } from '../lib/instrument.ts';
import { log } from '../lib/log.ts';
import { enqueueDueStudyReminders } from './study-reminders.ts';

const scheduled = scheduledEventSchema('send-study-reminders');

/**
 * Scheduled every 5 minutes: finds the study reminders due by the run's time and enqueues one
 * message each (StudyReminderDue, handled by send-study-reminder.ts), nothing else. A run no
 * longer sends 500 reminders one after another: each is its own message, retried alone.
 */
export const handler = jobHandler(async (event: unknown): Promise<void> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  const queued = await enqueueDueStudyReminders(new Date(scheduledTime), payload);
  log.info('study reminders queued', { scheduledTime, queued });
});
