import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RATE_RULES, allows, windowStart, type RateAction } from '#shared/rate-limit.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { keys, ttlSeconds } from './table-design.ts';

/** Per-address attempts are allowed this many times the per-e-mail limit (a school shares one address). */
const PER_ADDRESS_FACTOR = 10;

async function countAttempt(action: RateAction, key: string, nowMs: number): Promise<number> {
  const rule = RATE_RULES[action];
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
  const rule = RATE_RULES[action];
  const [byEmail, byAddress] = await Promise.all([
    countAttempt(action, `EMAIL#${who.email}`, nowMs),
    countAttempt(action, `IP#${who.ip}`, nowMs),
  ]);
  if (!allows(rule, byEmail - 1) || !allows({ ...rule, max: rule.max * PER_ADDRESS_FACTOR }, byAddress - 1)) {
    throw new TooManyRequests(rule.message);
  }
}

/** Counts one attempt for a signed-in account (no address: the account is the unit) and refuses it over the limit. */
export async function enforceAccountRateLimit(action: RateAction, userId: string, nowMs: number): Promise<void> {
  const count = await countAttempt(action, `USER#${userId}`, nowMs);
  if (!allows(RATE_RULES[action], count - 1)) throw new TooManyRequests(RATE_RULES[action].message);
}
