import type { Profile } from '#shared/api.ts';
import { decideReminder } from '#shared/notifications/reminder-delivery.ts';
import { STUDY_REMINDER, studyReminderTimes } from '#shared/notifications/reminders.ts';
import { DEFAULT_SETTINGS, type NotificationSettings } from '#shared/notifications/settings.ts';
import { roundTimeZone } from '#shared/quiz/time-zone.ts';
import { deleteStudyReminder, dueStudyReminders, getSettings, hasStudyReminder, putFirstSettings, putSettings, putStudyReminder, replaceStudyReminders } from './data/notifications.ts';
import { publishAll } from '../lib/publish-all.ts';
import { timeZoneChange } from '../profile/data/profiles.ts';
import { notify, recipient } from './notify.ts';

/**
 * Study reminders (docs/social.md): the next 7 days at the preferred time in the account's
 * zone, none when that time is in quiet hours. They wait as items of their own (due time
 * indexed by day); the scheduled job sends the due ones and puts the same time a week on
 * in their place, so the window always reaches 7 days ahead without visiting every account.
 */
export async function saveSettingsAndReschedule(me: Profile, settings: NotificationSettings, requestedZone: string | undefined, now: Date): Promise<void> {
  // The browser's zone is taken only as the account's own rule allows (first one, or a change at most daily).
  const zone = roundTimeZone({ timeZone: me.time_zone, changedAt: me.time_zone_changed_at }, requestedZone ?? '', now);
  await putSettings(me.user_id, settings, now, zone.store ? timeZoneChange(me, zone.timeZone, now) : undefined);
  await replaceStudyReminders(me.user_id, settings.studyReminders ? studyReminderTimes(now, zone.timeZone, settings) : []);
}

/**
 * An account that never saved settings has the defaults, study reminders at 19:00
 * included; its first round (which also gives the account its time zone) starts them.
 * Later rounds find the settings and change nothing.
 */
export async function startDefaultStudyReminders(userId: string, timeZone: string, at: Date): Promise<boolean> {
  // Read first: on every later round this costs a read, not a failed conditional write.
  if (await getSettings(userId)) return false;
  return putFirstSettings(userId, DEFAULT_SETTINGS, studyReminderTimes(at, timeZone, DEFAULT_SETTINGS), at);
}

export interface FindLimits {
  /** At most this many reminders per run; the rest wait for the next run. */
  maxReminders: number;
  /** A reminder this late (the machine slept, a long outage) is not sent, only rolled on. */
  lateAfterMinutes: number;
  /** How far back a run looks for reminders still waiting. */
  lookbackHours: number;
}

/**
 * The scheduled half: finds the reminders due by `now` (a run's due time) and publishes one
 * StudyReminderDue each, ten to a PutEvents call; the queued send-study-reminder consumer sends
 * them. Nothing is written here: a reminder still waiting at the next run (its message not yet
 * handled) is published again, and its handling is a no-op the second time.
 */
export async function enqueueDueStudyReminders(now: Date, limits: FindLimits): Promise<number> {
  const due = await dueStudyReminders(new Date(now.getTime() - limits.lookbackHours * 3_600_000), now, limits.maxReminders);
  const scheduledTime = now.toISOString();
  await publishAll('StudyReminderDue', due.map((r) => ({ userId: r.userId, dueAt: r.dueAt, scheduledTime, lateAfterMinutes: limits.lateAfterMinutes })));
  return due.length;
}

export type ReminderOutcome = 'sent' | 'skipped' | 'stopped' | 'gone';

/**
 * The queued half: one reminder, if it still waits (a redelivery, or a second run's message,
 * finds it gone and does nothing). Sent to the bell once per due time (the notification's key),
 * then the same time a week on takes its place. Safe to repeat at any step: the notification is
 * a conditional write, the next reminder a put of the same key, the delete idempotent.
 */
export async function sendStudyReminder(reminder: { userId: string; dueAt: string; scheduledTime: string; lateAfterMinutes: number }): Promise<ReminderOutcome> {
  if (!(await hasStudyReminder(reminder.userId, reminder.dueAt))) return 'gone';
  const decision = decideReminder({
    dueAt: new Date(reminder.dueAt),
    foundAt: new Date(reminder.scheduledTime),
    lateAfterMinutes: reminder.lateAfterMinutes,
    recipient: await recipient(reminder.userId),
  });
  if (decision.action === 'send') {
    await notify(reminder.userId, {
      type: 'study_reminder',
      key: reminder.dueAt,
      occurredAt: reminder.dueAt,
      title: STUDY_REMINDER.title,
      message: STUDY_REMINDER.message,
      priority: 'low',
      actionUrl: STUDY_REMINDER.actionUrl,
      actionText: STUDY_REMINDER.actionText,
    });
  }
  if (decision.action !== 'stop' && decision.next) await putStudyReminder(reminder.userId, decision.next);
  await deleteStudyReminder(reminder);
  return decision.action === 'send' ? 'sent' : decision.action === 'skip' ? 'skipped' : 'stopped';
}
