import type { Profile } from '#shared/api.ts';
import { roundTimeZone } from '#shared/quiz/time-zone.ts';
import { getProfile, timeZoneChange } from '../profile/data/profiles.ts';
import { putRound, type NewRound, type StoredRound } from './data/rounds.ts';

/**
 * Stores a new round counted in the account's time zone (see shared/quiz/time-zone.ts):
 * the browser's zone only sets or moves the account's, in the same transaction as the
 * round. If a concurrent round moved it first, the profile is read again and that wins.
 */
export async function saveRound(round: NewRound, profile: Profile, requestedZone: string, now: Date): Promise<StoredRound> {
  let account = profile;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { timeZone, store } = roundTimeZone({ timeZone: account.time_zone, changedAt: account.time_zone_changed_at }, requestedZone, now);
    const stored: StoredRound = { ...round, timeZone };
    if (await putRound(stored, store ? timeZoneChange(account, timeZone, now) : undefined)) return stored;
    account = (await getProfile(profile.user_id)) ?? account;
  }
  throw new Error(`Round ${round.roundId}: the account's time zone kept changing`);
}
