import type { Profile } from '#shared/api.ts';
import { fromItem } from '../../profile/data/profiles.ts';
import * as keys from '../../data/table-keys.ts';
import { batchGetItems } from '../../data/batch-get.ts';

/**
 * What every authenticated request needs about its caller, the profile and the instant
 * the account's sessions are valid after, in one round trip (two items, one request).
 * Consistent, so a request right after a password reset sees the new cutoff.
 */
export async function callerRecords(userId: string): Promise<{ profile?: Profile; validAfterMs?: number }> {
  const profileKey = keys.profile(userId);
  const sessionsKey = keys.sessionsValidAfter(userId);
  const found = await batchGetItems([profileKey, sessionsKey], { consistent: true });
  const item = (key: { sk: string }) => found.find((i) => i.sk === key.sk);
  const profile = item(profileKey);
  const validAfterMs = item(sessionsKey)?.validAfterMs;
  return { profile: profile ? fromItem(profile) : undefined, validAfterMs: typeof validAfterMs === 'number' ? validAfterMs : undefined };
}
