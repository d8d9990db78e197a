import { queueConsumer } from '../lib/queue-consumer.ts';
import { sendStudyReminder } from './study-reminders.ts';

/**
 * The send-study-reminder consumer (its queue: ten messages a batch, two batches at a time): one
 * person's due reminder to the bell, or skipped or stopped as their settings say. A failure is
 * retried alone; a redelivery finds the reminder gone (or its notification made) and sends nothing.
 */
export const handler = queueConsumer('StudyReminderDue', ({ detail }) => sendStudyReminder(detail));
