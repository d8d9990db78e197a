import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { deleteAccountData } from './data/account-data.ts';
import { log } from '../lib/log.ts';
import { closeConnectionsOf } from '../lib/close-connections.ts';
import { eventHandler } from '../lib/instrument.ts';

const accountDeleted = envelopeSchema('AccountDeleted');

/**
 * AccountDeleted → the account's open sockets closed (also when an admin deleted it) and every
 * item of the account deleted (idempotent: deleting what is gone changes nothing).
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = accountDeleted.parse(event);
  await closeConnectionsOf(detail.userId);
  const deleted = await deleteAccountData(detail.userId, detail.email);
  log.info('account data deleted', { userId: detail.userId, items: deleted });
});
