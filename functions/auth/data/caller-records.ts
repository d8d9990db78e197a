import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '#shared/api.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { fromItem } from '../../profile/data/profiles.ts';
import * as keys from '../../data/table-keys.ts';

/**
 * What every authenticated request needs about its caller, the profile and the instant
 * the account's sessions are valid after, in one round trip (two items, one request).
 * Consistent, so a request right after a password reset sees the new cutoff.
 */
export async function callerRecords(userId: string): Promise<{ profile?: Profile; validAfterMs?: number }> {
  const table = env().TABLE_NAME;
  const profileKey = keys.profile(userId);
  const sessionsKey = keys.sessionsValidAfter(userId);
  let pending: Record<string, unknown>[] = [profileKey, sessionsKey];
  const found: Record<string, unknown>[] = [];
  // BatchGet may leave keys unprocessed under throttling; ask again for those.
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    const { Responses, UnprocessedKeys } = await documentClient().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(Responses?.[table] ?? []));
    pending = UnprocessedKeys?.[table]?.Keys ?? [];
    if (attempt >= 4 && pending.length) throw new Error('caller records stayed unprocessed');
  }
  const item = (key: { sk: string }) => found.find((i) => i.sk === key.sk);
  const profile = item(profileKey);
  const validAfterMs = item(sessionsKey)?.validAfterMs;
  return { profile: profile ? fromItem(profile) : undefined, validAfterMs: typeof validAfterMs === 'number' ? validAfterMs : undefined };
}
