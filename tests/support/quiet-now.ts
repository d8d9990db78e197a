import type { Profile } from '../../shared/api.ts';
import { DEFAULT_SETTINGS } from '../../shared/notifications/settings.ts';
import { httpEvent, parse } from './http-event.ts';

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

/**
 * Saves quiet hours for `who` that run from an hour ago to two hours ahead (UTC, their zone
 * until a round sets one), so a test of what reaches the bell in quiet hours does not depend
 * on the time it runs. Import after useLocalStack().
 */
export async function quietNow(who: Profile): Promise<void> {
  const { handler: saveSettings } = await import('../../functions/notifications/save-settings.ts');
  const now = Date.now();
  const quietHours = { start: hhmm(new Date(now - 3_600_000)), end: hhmm(new Date(now + 2 * 3_600_000)) };
  const saved = parse(await saveSettings(httpEvent({ sub: who.user_id, body: { ...DEFAULT_SETTINGS, quietHours } })));
  if (saved.status !== 200) throw new Error(`quiet hours not saved: ${JSON.stringify(saved.body)}`);
}
