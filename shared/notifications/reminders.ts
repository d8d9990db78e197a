import { addDays } from '../dates.ts';
import { deliveryTime, isQuietAt, minutesOf, wallClock, zonedInstant } from './quiet-hours.ts';
import type { NotificationSettings } from './settings.ts';

/** Streak reminders (docs/social.md): at every multiple of 5 days, one of three wordings. */
export const STREAK_REMINDER_EVERY = 5;

const STREAK_WORDINGS = [
  (n: number) => `${n} days in a row! Keep your streak alive with a quiz today.`,
  (n: number) => `Your streak is at ${n} days. One quiz a day keeps it going!`,
  (n: number) => `${n}-day streak! Come back tomorrow to make it ${n + 1}.`,
] as const;

/** Whether a streak reminder goes out (at a multiple of 5) lives with the streak rules. */
export { remindsAt as remindsAtStreak } from '../quiz/streak.ts';

/**
 * The wording for a streak reminder. The spec draws one at random; we rotate by the
 * reminder's number (5 → first, 10 → second, 15 → third, 20 → first…), so two reminders in
 * a row never read the same and a retried event writes the same text.
 */
export function streakReminderText(streak: number): { title: string; message: string } {
  const index = (Math.floor(streak / STREAK_REMINDER_EVERY) - 1 + STREAK_WORDINGS.length) % STREAK_WORDINGS.length;
  return { title: `${streak}-day streak`, message: STREAK_WORDINGS[index]!(streak) };
}

/** Study reminders are kept scheduled this many days ahead. */
export const STUDY_REMINDER_DAYS = 7;

export const STUDY_REMINDER = {
  title: 'Time to study',
  message: 'It’s your study time. A short quiz keeps your skills sharp.',
  actionText: 'Start a Quiz',
  actionUrl: '/dashboard',
} as const;

/**
 * The instants of study reminders for the next `days` days in the zone, at the preferred
 * time, from `now` (exclusive). None when the preferred time falls in quiet hours: those
 * are skipped, not moved.
 */
export function studyReminderTimes(now: Date, timeZone: string, settings: Pick<NotificationSettings, 'preferredStudyTime' | 'quietHours'>, days = STUDY_REMINDER_DAYS): Date[] {
  if (isQuietAt(minutesOf(settings.preferredStudyTime), settings.quietHours)) return [];
  const today = wallClock(now, timeZone).date;
  const times: Date[] = [];
  for (let i = 0; times.length < days && i <= days; i++) {
    const at = zonedInstant(addDays(today, i), settings.preferredStudyTime, timeZone);
    if (at.getTime() > now.getTime()) times.push(at);
  }
  return times;
}

/** The reminder after one due at `due`: same wall-clock time, `STUDY_REMINDER_DAYS` later (the window rolls on). */
export function nextStudyReminder(due: Date, timeZone: string, preferred: NotificationSettings['preferredStudyTime']): Date {
  return zonedInstant(addDays(wallClock(due, timeZone).date, STUDY_REMINDER_DAYS), preferred, timeZone);
}

export { deliveryTime };
