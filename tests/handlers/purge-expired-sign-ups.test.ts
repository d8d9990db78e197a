import { AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledEvent, SCHEDULES } from '#events/schedules.ts';
import { resetEnvForTests } from '#functions/lib/env.ts';
import { secretHash } from '#functions/lib/secret-hash.ts';
import { ensureUserPool, localCognitoClient } from '#infra/local/cognito.ts';
import { uniqueEmail, useLocalStack } from '../support/handler-env.ts';

/**
 * The nightly purge of sign-ups whose confirmation link expired (events/schedules.ts), run
 * against cognito-local. Each test has a user pool of its own: the purge deletes every
 * expired sign-up of its pool, and other files' sign-ups must not be in reach.
 */
useLocalStack();
const cognito = localCognitoClient(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!);
const { handler } = await import('#functions/auth/purge-expired-sign-ups.ts');

const HOUR = 60 * 60 * 1000;
const job = SCHEDULES['purge-expired-sign-ups'];
let pool: { userPoolId: string; clientId: string; clientSecret: string };
let pools = 0;

beforeEach(async () => {
  pools += 1;
  pool = await ensureUserPool(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!, `purge-${process.pid}-${pools}`);
  process.env.USER_POOL_ID = pool.userPoolId;
  process.env.USER_POOL_CLIENT_ID = pool.clientId;
  process.env.USER_POOL_CLIENT_SECRET = pool.clientSecret;
  resetEnvForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A sign-up whose link was never clicked: an UNCONFIRMED user, created now by cognito-local's clock. */
async function pendingSignUp(): Promise<string> {
  const email = uniqueEmail('pending');
  const { UserSub } = await cognito.send(
    new SignUpCommand({ ClientId: pool.clientId, SecretHash: secretHash(email, pool.clientId, pool.clientSecret), Username: email, Password: 'Secret#2026', UserAttributes: [] }),
  );
  return UserSub!;
}

/** A confirmed account, made without a sign-up link (and so without the post-confirmation trigger). */
async function confirmedAccount(): Promise<string> {
  const email = uniqueEmail('confirmed');
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: pool.userPoolId, Username: email, MessageAction: 'SUPPRESS' }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: email, Password: 'Secret#2026', Permanent: true }));
  return email;
}

async function statusOf(username: string): Promise<string> {
  try {
    return (await cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: username }))).UserStatus!;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return 'gone';
    throw error;
  }
}

/** The run due at `dueMs`, as Scheduler (or the local scheduler) would invoke it, with the table's payload unless said. */
const runDue = (dueMs: number, payload: object = job.payload) => handler(scheduledEvent('purge-expired-sign-ups', { ...job, payload } as typeof job, dueMs));

/** Moves the handler's clock, and only its clock (timers stay real for the SDK). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: ms });
}

describe('the nightly purge of expired sign-ups', () => {
  it('keeps a sign-up whose link still works, and deletes it once the link is a day past expiry', async () => {
    const pending = await pendingSignUp();
    const confirmed = await confirmedAccount();

    expect(await runDue(Date.now())).toEqual({ deleted: 0 });
    expect(await statusOf(pending)).toBe('UNCONFIRMED');

    const later = Date.now() + 47 * HOUR; // the link expired 23 hours ago
    clockAt(later);
    expect(await runDue(later)).toEqual({ deleted: 0 });

    const nextNight = Date.now() + 2 * HOUR; // 49 hours after the sign-up
    clockAt(nextNight);
    expect(await runDue(nextNight)).toEqual({ deleted: 1 });
    expect(await statusOf(pending)).toBe('gone');
    expect(await statusOf(confirmed)).toBe('CONFIRMED');
  });

  it('never deletes a confirmed account, however old', async () => {
    const confirmed = await confirmedAccount();
    const farFuture = Date.now() + 400 * 24 * HOUR;
    clockAt(farFuture);
    expect(await runDue(farFuture)).toEqual({ deleted: 0 });
    expect(await statusOf(confirmed)).toBe('CONFIRMED');
  });

  it('counts from the time the run was due: a late retry deletes nothing the run on time would have kept', async () => {
    const pending = await pendingSignUp();
    const due = Date.now() + 47 * HOUR;
    clockAt(due + 2 * HOUR); // retried two hours late: the sign-up is 49 hours old by now
    expect(await runDue(due)).toEqual({ deleted: 0 });
    expect(await statusOf(pending)).toBe('UNCONFIRMED');
  });

  it('deletes at most maxDeletions a run; the next run takes the rest', async () => {
    const pending = [await pendingSignUp(), await pendingSignUp(), await pendingSignUp()];
    const due = Date.now() + 49 * HOUR;
    clockAt(due);
    expect(await runDue(due, { olderThanHours: 48, maxDeletions: 2 })).toEqual({ deleted: 2 });
    expect((await Promise.all(pending.map(statusOf))).filter((s) => s === 'gone')).toHaveLength(2);
    expect(await runDue(due, { olderThanHours: 48, maxDeletions: 2 })).toEqual({ deleted: 1 });
    expect(await Promise.all(pending.map(statusOf))).toEqual(['gone', 'gone', 'gone']);
  });

  it('refuses an event that is not its own, or a payload that would reach live links', async () => {
    const event = scheduledEvent('purge-expired-sign-ups', job, Date.now());
    await expect(handler({ ...event, schedule: 'daily-challenge' })).rejects.toThrow();
    await expect(handler({ ...event, payload: { olderThanHours: 24, maxDeletions: 10 } })).rejects.toThrow();
    await expect(handler({ payload: event.payload })).rejects.toThrow();
  });
});
