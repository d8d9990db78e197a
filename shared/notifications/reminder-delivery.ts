import type { NotificationSettings } from './settings.ts';
import { isQuietInstant } from './quiet-hours.ts';
import { nextStudyReminder } from './reminders.ts';

/**
 * What happens to one due study reminder when its message is handled: `stop` when the person
 * switched reminders off (or the account is gone: the chain ends; saving settings starts a new
 * one); otherwise `send` or `skip` (more than `lateAfterMinutes` late, or due in quiet hours:
 * study reminders are skipped, not held) and `next`, the same wall-clock time a week on, unless
 * that falls in quiet hours.
 */
export type ReminderDecision = { readonly action: 'stop' } | { readonly action: 'send' | 'skip'; readonly next: Date | null };

export interface ReminderCase {
  readonly dueAt: Date;
  /** When the run that found it was due: lateness is measured from there, so a redelivery decides the same. */
  readonly foundAt: Date;
  readonly lateAfterMinutes: number;
  readonly recipient: { readonly settings: NotificationSettings; readonly timeZone: string } | undefined;
}

export function decideReminder({ dueAt, foundAt, lateAfterMinutes, recipient }: ReminderCase): ReminderDecision {
  if (!recipient || !recipient.settings.studyReminders) return { action: 'stop' };
  const { settings, timeZone } = recipient;
  const late = foundAt.getTime() - dueAt.getTime() > lateAfterMinutes * 60_000;
  const action = late || isQuietInstant(dueAt, timeZone, settings.quietHours) ? 'skip' : 'send';
  const next = nextStudyReminder(dueAt, timeZone, settings.preferredStudyTime);
  return { action, next: isQuietInstant(next, timeZone, settings.quietHours) ? null : next };
}
