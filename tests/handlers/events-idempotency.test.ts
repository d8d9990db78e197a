import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { consumerTimeoutSeconds } from '#events/catalogue.ts';
import { uniqueEmail, useLocalStack } from '../support/handler-env.ts';

const { mailbox } = useLocalStack();
const { handler: sendEmail } = await import('../../functions/auth/send-email.ts');
const { handler: postConfirmation } = await import('../../functions/auth/post-confirmation.ts');
const { getProfile, putProfile, newProfile } = await import('../../functions/profile/data/profiles.ts');
const { runOnce } = await import('../../functions/data/processed-events.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { processedEvent } = await import('../../functions/data/table-keys.ts');

const envelope = (id: string, email: string) => ({
  version: '0',
  id,
  'detail-type': 'AccountConfirmed',
  source: 'quizquest',
  account: '000000000000',
  time: new Date().toISOString(),
  region: 'us-east-1',
  resources: [],
  detail: { userId: 'u-1', email },
});

const welcomes = (email: string) => mailbox.list().filter((m) => m.to.includes(email));
/**
 * The welcome e-mails to `email` so far, and final: each test awaits every delivery it starts
 * (the crashed one never sends), and the SES emulation stores a message before it answers the send.
 */
const welcomeCount = (email: string): number => welcomes(email).length;

/** The send-email Lambda's timeout: what the CDK gives the function, and how long its claim holds. */
const LEASE_MS = consumerTimeoutSeconds('send-email') * 1000;
const realNow = Date.now.bind(Date);
/** Moves the consumers' clock (Date.now, which the marker's lease is read with) by `ms` from now on. */
function clockAhead(ms: number): void {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
}
afterEach(() => vi.restoreAllMocks());

/**
 * A send-email invocation that crashes mid-run: it claims the event's marker, then its work
 * never settles, as in a Lambda that times out or whose process dies (no `catch` is reached,
 * nothing is given back). Resolves once the claim is stored; the run itself is abandoned.
 */
async function crashedDelivery(eventId: string): Promise<void> {
  let claimed!: () => void;
  const started = new Promise<void>((r) => (claimed = r));
  void runOnce('send-email', eventId, () => {
    claimed();
    return new Promise<void>(() => undefined);
  });
  await started;
}

describe('event consumers are idempotent', () => {
  it('a duplicated AccountConfirmed sends one welcome e-mail', async () => {
    const email = uniqueEmail('dup');
    const event = envelope(randomUUID(), email);
    // Concurrent deliveries: one runs; another either sees it done or fails while it is still running (retried by EventBridge).
    await Promise.allSettled([sendEmail(event), sendEmail(event)]);
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(1);
  });

  it('rejects an envelope whose detail does not match the catalogue', async () => {
    await expect(sendEmail({ ...envelope(randomUUID(), 'x'), detail: { userId: '' } } as never)).rejects.toThrow();
  });
});

describe('a consumer that crashed mid-run (issue 18 item 5)', () => {
  it('runs again when the event is retried after its lease (the Lambda timeout), and sends exactly one e-mail', async () => {
    const email = uniqueEmail('crash');
    const event = envelope(randomUUID(), email);
    await crashedDelivery(event.id);
    expect(welcomes(email)).toHaveLength(0);

    // EventBridge/Lambda retry a timed-out invocation after the timeout, so after the claim's lease.
    clockAhead(LEASE_MS + 1);
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(1);
    // The finished retry is never repeated: neither by a redelivery nor by a DLQ redrive days later.
    await sendEmail(event);
    clockAhead(6 * 24 * 60 * 60 * 1000);
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(1);
  });

  it('a retry while the claim is still held fails (EventBridge retries it later) and sends nothing; after the lease it runs once', async () => {
    const email = uniqueEmail('early');
    const event = envelope(randomUUID(), email);
    await crashedDelivery(event.id);

    clockAhead(LEASE_MS - 1000);
    await expect(sendEmail(event)).rejects.toThrow(/still running/);
    expect(welcomeCount(email)).toBe(0);

    clockAhead(LEASE_MS + 1);
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(1);
  });

  it('concurrent retries after the lease run once', async () => {
    const email = uniqueEmail('race');
    const event = envelope(randomUUID(), email);
    await crashedDelivery(event.id);
    clockAhead(LEASE_MS + 1);

    const results = await Promise.allSettled([sendEmail(event), sendEmail(event), sendEmail(event)]);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/still running/);
    // The deliveries that failed are retried by EventBridge: by then the run is done.
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(1);
  });

  it('a run whose work fails gives the claim back at once: the retry runs it, and a later retry does not', async () => {
    const id = randomUUID();
    let runs = 0;
    await expect(
      runOnce('send-email', id, async () => {
        runs += 1;
        throw new Error('SES said no');
      }),
    ).rejects.toThrow('SES said no');
    expect(await runOnce('send-email', id, async () => void (runs += 1))).toBe('done');
    expect(await runOnce('send-email', id, async () => void (runs += 1))).toBe('duplicate');
    expect(runs).toBe(2);
  });

  it('a marker stored before claims had a status counts as done', async () => {
    const email = uniqueEmail('legacy');
    const event = envelope(randomUUID(), email);
    await documentClient().send(
      new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...processedEvent('send-email', event.id), type: 'processed-event', ttl: Math.floor(Date.now() / 1000) + 86_400 } }),
    );
    clockAhead(LEASE_MS + 1);
    await sendEmail(event);
    expect(welcomeCount(email)).toBe(0);
  });

  it('a marker that is not a consumer holds its claim for the lease it is given', async () => {
    const id = randomUUID();
    let runs = 0;
    let claimed!: () => void;
    const started = new Promise<void>((r) => (claimed = r));
    void runOnce('weekly-parent-summary', id, () => (claimed(), new Promise<void>(() => undefined)), 300_000);
    await started;
    clockAhead(299_000);
    await expect(runOnce('weekly-parent-summary', id, async () => void (runs += 1), 300_000)).rejects.toThrow(/still running/);
    clockAhead(300_001);
    expect(await runOnce('weekly-parent-summary', id, async () => void (runs += 1), 300_000)).toBe('done');
    expect(runs).toBe(1);
  });
});

describe('post-confirmation trigger', () => {
  it('never overwrites an existing profile (a retried trigger keeps the role)', async () => {
    const email = uniqueEmail('teacher');
    const sub = randomUUID();
    await putProfile(newProfile({ userId: sub, email, role: 'teacher', now: new Date() }));
    const event = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: email,
      userPoolId: process.env.USER_POOL_ID,
      request: { userAttributes: { sub, email } },
      response: {},
    } as unknown as PostConfirmationTriggerEvent;
    // The group call fails for a user Cognito does not know; the profile write comes first and must hold.
    await postConfirmation(event).catch(() => undefined);
    expect((await getProfile(sub))?.role).toBe('teacher');
  });
});
