import type { Profile } from '#shared/api.ts';
import { isQuietInstant } from '#shared/notifications/quiet-hours.ts';
import { nextStudyReminder, STUDY_REMINDER, studyReminderTimes } from '#shared/notifications/reminders.ts';
import { DEFAULT_SETTINGS, type NotificationSettings } from '#shared/notifications/settings.ts';
import { roundTimeZone } from '#shared/quiz/time-zone.ts';
import { deleteStudyReminder, dueStudyReminders, getSettings, putFirstSettings, putSettings, putStudyReminder, replaceStudyReminders } from '../data/notifications.ts';
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

export interface SendLimits {
  /** At most this many reminders per run; the rest wait for the next run. */
  maxReminders: number;
  /** A reminder this late (the machine slept, a long outage) is not sent, only rolled on. */
  lateAfterMinutes: number;
  /** How far back a run looks for reminders still waiting. */
  lookbackHours: number;
}

export interface SendReport {
  sent: number;
  skipped: number;
  stopped: number;
}

/** Sends the study reminders due by `now` (a scheduled run's due time). */
export async function sendDueStudyReminders(now: Date, limits: SendLimits): Promise<SendReport> {
  const due = await dueStudyReminders(new Date(now.getTime() - limits.lookbackHours * 3_600_000), now, limits.maxReminders);
  const report: SendReport = { sent: 0, skipped: 0, stopped: 0 };
  for (const reminder of due) {
    const dueAt = new Date(reminder.dueAt);
    const to = await recipient(reminder.userId);
    if (!to || !to.settings.studyReminders) {
      // Switched off (or the account is gone): the chain ends here; saving settings starts a new one.
      await deleteStudyReminder(reminder);
      report.stopped += 1;
      continue;
    }
    const late = now.getTime() - dueAt.getTime() > limits.lateAfterMinutes * 60_000;
    if (late || isQuietInstant(dueAt, to.timeZone, to.settings.quietHours)) report.skipped += 1;
    else {
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
      report.sent += 1;
    }
    const next = nextStudyReminder(dueAt, to.timeZone, to.settings.preferredStudyTime);
    if (!isQuietInstant(next, to.timeZone, to.settings.quietHours)) await putStudyReminder(reminder.userId, next);
    await deleteStudyReminder(reminder);
  }
  return report;
}
