import { scheduledEventSchema } from '#events/schedules.ts';
import { deletePendingAccount } from './data/accounts.ts';
import { unconfirmedAccountsCreatedBefore } from './data/pending-accounts.ts';
import { log } from '../lib/log.ts';

const scheduled = scheduledEventSchema('purge-expired-sign-ups');
const HOUR_MS = 60 * 60 * 1000;

/**
 * Nightly (events/schedules.ts): deletes the unconfirmed accounts whose confirmation link
 * expired long enough ago. Nobody can confirm them any more; they only keep an address and a
 * password hash that nobody proved to own. Confirmed accounts are never touched: each is
 * looked up again right before its deletion (deletePendingAccount).
 */
export const handler = async (event: unknown): Promise<{ deleted: number }> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  // From the earlier of the due time and now: a late retry deletes nothing the run on time would not have.
  const cutoffMs = Math.min(Date.parse(scheduledTime), Date.now()) - payload.olderThanHours * HOUR_MS;
  const expired = await unconfirmedAccountsCreatedBefore(cutoffMs, payload.maxDeletions);
  for (const userId of expired) await deletePendingAccount(userId);
  log.info('purged expired sign-ups', { scheduledTime, deleted: expired.length, createdBefore: new Date(cutoffMs).toISOString() });
  return { deleted: expired.length };
};
