import { DEFAULT_SETTINGS, settingsResponseSchema } from '#shared/notifications/settings.ts';
import { getSettings } from './data/notifications.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { NOTIFIED_ROLES } from './routes.ts';

/** GET /api/notifications/settings: the caller's settings, the defaults (shared/notifications/settings.ts) until saved. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, NOTIFIED_ROLES);
  return respond(settingsResponseSchema, { settings: (await getSettings(me.user_id)) ?? DEFAULT_SETTINGS });
});
