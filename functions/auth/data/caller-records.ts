import type { Profile } from '#shared/api.ts';
import { fromItem } from '../../profile/data/profiles.ts';
import * as keys from '../../data/table-keys.ts';
import { batchGetItems } from '../../data/batch-get.ts';

type Key = { pk: string; sk: string };

/**
 * What every authenticated request needs about its caller, the profile and the instant
 * the account's sessions are valid after, in one round trip (two items, one request).
 * Consistent, so a request right after a password reset or a role change sees it: these are
 * read on every request and never cached, as a cache in one container cannot see a
 * revocation written by another. A handler's own first read of the caller's items (`with`,
 * e.g. the round being answered) rides in the same request, returned in the order asked.
 */
export async function callerRecords(userId: string, withKeys: readonly Key[] = []): Promise<{ profile?: Profile; validAfterMs?: number; items: (Record<string, unknown> | undefined)[] }> {
  const profileKey = keys.profile(userId);
  const sessionsKey = keys.sessionsValidAfter(userId);
  const found = await batchGetItems([profileKey, sessionsKey, ...withKeys], { consistent: true });
  const item = (key: Key) => found.find((i) => i.pk === key.pk && i.sk === key.sk);
  const profile = item(profileKey);
  const validAfterMs = item(sessionsKey)?.validAfterMs;
  return { profile: profile ? fromItem(profile) : undefined, validAfterMs: typeof validAfterMs === 'number' ? validAfterMs : undefined, items: withKeys.map(item) };
}
