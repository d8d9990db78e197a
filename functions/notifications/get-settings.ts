import { DEFAULT_SETTINGS } from '#shared/notifications/settings.ts';
import { getSettings } from '../data/notifications.ts';
import { requireCaller } from '../lib/caller.ts';
import { httpHandler, json } from '../lib/http.ts';
import { NOTIFIED_ROLES } from './routes.ts';

/** GET /api/notifications/settings: the caller's settings, the spec's defaults until saved. */
export const handler = httpHandler(async (event) => {
  const me = await requireCaller(event, NOTIFIED_ROLES);
  return json(200, { settings: (await getSettings(me.user_id)) ?? DEFAULT_SETTINGS });
});
