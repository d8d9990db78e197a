import { saveSettingsSchema, settingsResponseSchema } from '#shared/notifications/settings.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { NOTIFIED_ROLES } from './routes.ts';
import { saveSettingsAndReschedule } from './study-reminders.ts';

/**
 * PUT /api/notifications/settings: saves the five toggles, quiet hours and preferred study
 * time (zod-checked), and schedules the study reminders of the next 7 days anew.
 */
export const handler = httpHandler(async (event) => {
  const { timeZone, ...settings } = parseBody(event, saveSettingsSchema);
  const me = await requireCaller(event, NOTIFIED_ROLES);
  await saveSettingsAndReschedule(me, settings, timeZone, new Date());
  return respond(settingsResponseSchema, { settings });
});
