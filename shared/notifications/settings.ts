import * as z from 'zod';

/**
 * Notification settings and their defaults (docs/social.md). One schema for the form, the PUT handler and the stored item.
 */
export const SETTINGS_MESSAGES = {
  saved: 'Settings saved successfully!',
  saveFailed: 'Failed to save settings. Please try again.',
  loadFailed: 'Failed to load notification settings.',
  time: 'Enter a time as HH:MM (00:00 to 23:59)',
  quietHoursSame: 'Quiet hours must start and end at different times',
  toggle: 'Choose on or off',
} as const;

/** A wall-clock time of day, `HH:MM` in 24 hours. */
export const timeOfDaySchema = z
  .string({ error: SETTINGS_MESSAGES.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: SETTINGS_MESSAGES.time });
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;

const toggle = z.boolean({ error: SETTINGS_MESSAGES.toggle });

export const quietHoursSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((q) => q.start !== q.end, { error: SETTINGS_MESSAGES.quietHoursSame, path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const notificationSettingsSchema = z.object({
  streakReminders: toggle,
  tournamentAlerts: toggle,
  achievementCelebrations: toggle,
  studyReminders: toggle,
  friendChallenges: toggle,
  quietHours: quietHoursSchema,
  preferredStudyTime: timeOfDaySchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * What PUT /api/notifications/settings takes: the settings, and optionally the browser's
 * time zone, which the account adopts only if it has none yet (study reminders are at the
 * preferred time in the account's zone; the zone never changes from a single request).
 */
export const saveSettingsSchema = notificationSettingsSchema.extend({ timeZone: z.string().max(64).optional() });
export type SaveSettingsInput = z.infer<typeof saveSettingsSchema>;

export const DEFAULT_SETTINGS: NotificationSettings = {
  streakReminders: true,
  tournamentAlerts: true,
  achievementCelebrations: true,
  studyReminders: true,
  friendChallenges: true,
  quietHours: { start: '22:00', end: '08:00' },
  preferredStudyTime: '19:00',
};

export const settingsResponseSchema = z.object({ settings: notificationSettingsSchema });

/** How long the saved message stays (docs/social.md). */
export const SAVED_MESSAGE_MS = 3000;
