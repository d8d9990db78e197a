import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RATE_RULES, addressWindows, allows, windowStart, type RateAction, type RateRule } from '#shared/rate-limit.ts';
import { documentClient } from '../clients.ts';
import { env } from '../env.ts';
import { TooManyRequests } from '../errors.ts';
import { ttlSeconds } from '../../data/table-design.ts';
import * as keys from '../../data/table-keys.ts';

async function countAttempt(action: RateAction, key: string, nowMs: number, rule: Pick<RateRule, 'windowMs'> = RATE_RULES[action]): Promise<number> {
  const start = windowStart(rule, nowMs);
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: keys.rateWindow(action, key, start),
      UpdateExpression: 'ADD attempts :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': ttlSeconds(start + rule.windowMs) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.attempts ?? 1);
}

/**
 * Counts one attempt for the e-mail and for the caller's address, and refuses it when
 * either is over its limit. Every attempt counts, successful or not, as the spec says.
 */
export async function enforceRateLimit(action: RateAction, who: { email: string; ip: string }, nowMs: number): Promise<void> {
  const rule: RateRule = RATE_RULES[action];
  const windows = addressWindows(rule);
  // Each address window has its own counter (the key names its length, so windows never share one).
  const [byEmail, ...byAddress] = await Promise.all([
    countAttempt(action, `EMAIL#${who.email}`, nowMs),
    ...windows.map((w) => countAttempt(action, w.windowMs === rule.windowMs ? `IP#${who.ip}` : `IP${w.windowMs}#${who.ip}`, nowMs, w)),
  ]);
  if (!allows(rule, byEmail - 1) || windows.some((w, i) => !allows({ ...rule, max: w.max }, (byAddress[i] ?? 0) - 1))) {
    throw new TooManyRequests(rule.message);
  }
}

/** Counts one attempt for a signed-in account (no address: the account is the unit) and refuses it over the limit. */
export async function enforceAccountRateLimit(action: RateAction, userId: string, nowMs: number): Promise<void> {
  const count = await countAttempt(action, `USER#${userId}`, nowMs);
  if (!allows(RATE_RULES[action], count - 1)) throw new TooManyRequests(RATE_RULES[action].message);
}
