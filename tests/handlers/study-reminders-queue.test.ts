import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/notifications/settings.ts';
import { startAwsServices } from '../../infra/local/aws-services.ts';
import { LocalEventBus } from '../../infra/local/event-bus.ts';
import { Mailbox } from '../../infra/local/mailbox.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { player } from '../support/players.ts';

/**
 * The study reminder job as a fan-out: every 5 minutes it only finds the due reminders and
 * publishes one StudyReminderDue each; the local bus puts each on the send-study-reminder queue
 * (the batch size, retries and dead-letter count of AWS) and the consumer sends each person's
 * reminder once, however often its message arrives. This file runs its own bus, so it can count
 * the messages, deliver each twice and make one fail.
 */
useLocalStack();
const root = resolve(import.meta.dirname, '../..');
const mailDir = mkdtempSync(join(tmpdir(), 'reminder-queue-mail-'));

const { handler: job } = await import('../../functions/notifications/send-study-reminders.ts');
const { handler: consumer } = await import('../../functions/notifications/send-study-reminder.ts');
const { putFirstSettings } = await import('../../functions/notifications/data/notifications.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');

interface Delivery {
  readonly users: string[];
  readonly failed: string[];
}
const deliveries: Delivery[] = [];
let deliverTwice = false;
/** Set by a test: the first delivery of this person's message fails (the table refused, say). */
let failOnceFor: string | undefined;

const userOf = (body: string) => (JSON.parse(body) as { detail: { userId: string } }).detail.userId;
const bus = new LocalEventBus(root, {
  visibilityTimeoutMs: 50,
  invoke: async (_entry, _name, event) => {
    const sqs = event as SQSEvent;
    const failing = sqs.Records.find((r) => userOf(r.body) === failOnceFor);
    if (failing) failOnceFor = undefined;
    const result = (await consumer({ Records: sqs.Records.filter((r) => r !== failing) })) as SQSBatchResponse;
    const failures = [...result.batchItemFailures, ...(failing ? [{ itemIdentifier: failing.messageId }] : [])];
    const ids = new Map(sqs.Records.map((r) => [r.messageId, userOf(r.body)]));
    deliveries.push({ users: sqs.Records.map((r) => userOf(r.body)), failed: failures.map((f) => ids.get(f.itemIdentifier)!) });
    return { batchItemFailures: failures };
  },
});
const queue = bus.queues.get('send-study-reminder')!;
const enqueued: string[] = [];
const send = queue.send.bind(queue);
queue.send = (body: string) => {
  enqueued.push(userOf(body));
  if (deliverTwice) send(body);
  return send(body);
};

let server: Server;
beforeAll(async () => {
  server = await startAwsServices({ port: 0, root, mailbox: new Mailbox(mailDir), bus });
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(mailDir, { recursive: true, force: true });
});

async function rows(userId: string, prefix: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix } }),
  );
  return Items ?? [];
}

/** `count` people in UTC whose study reminder is due at `due` (their first settings: the defaults, 19:00 preferred). */
async function peopleDueAt(count: number, due: Date) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const me = await player({ time_zone: 'UTC' });
      expect(await putFirstSettings(me.user_id, DEFAULT_SETTINGS, [due], new Date())).toBe(true);
      return me.user_id;
    }),
  );
}

/** A run of the job as Scheduler sends it; each test takes a day of its own, years ahead, so no other test's reminders are due. */
const run = (at: Date) => job({ schedule: 'send-study-reminders', scheduledTime: at.toISOString().replace(/\.\d{3}Z$/, 'Z'), payload: { maxReminders: 500, lateAfterMinutes: 60, lookbackHours: 24 } });
const reminders = async (userId: string) => (await rows(userId, 'NOTIF#')).filter((n) => n.kind === 'study_reminder');

describe('the study reminders through the queue', () => {
  it('enqueues one message per person due, and sends each reminder once though every message is delivered twice', async () => {
    const due = new Date('2033-03-01T19:00:00Z');
    const people = await peopleDueAt(23, due);
    enqueued.length = 0;
    deliveries.length = 0;
    deliverTwice = true;
    await run(new Date(due.getTime() + 60_000));
    await bus.drain();
    deliverTwice = false;

    // The job: one message per person, nothing sent by the job itself.
    expect(enqueued.filter((u) => people.includes(u)).sort()).toEqual([...people].sort());
    // The queue delivered each twice, at most 10 a batch…
    const received = deliveries.flatMap((d) => d.users).filter((u) => people.includes(u));
    expect(received).toHaveLength(2 * people.length);
    expect(Math.max(...deliveries.map((d) => d.users.length))).toBeLessThanOrEqual(10);
    // …and each person has one reminder, delivered at its due time, and the next one a week on.
    for (const userId of people) {
      const sent = await reminders(userId);
      expect(sent, userId).toHaveLength(1);
      expect(sent[0]).toMatchObject({ title: 'Time to study', deliver_at: due.toISOString() });
      expect((await rows(userId, 'REMIND#')).map((r) => r.due_at)).toEqual([new Date(due.getTime() + 7 * 86_400_000).toISOString()]);
    }
    expect(queue.deadLetters).toEqual([]);

    // The next run (5 minutes later) finds nothing of theirs left to send.
    enqueued.length = 0;
    await run(new Date(due.getTime() + 6 * 60_000));
    await bus.drain();
    expect(enqueued.filter((u) => people.includes(u))).toEqual([]);
    for (const userId of people) expect(await reminders(userId)).toHaveLength(1);
  });

  it('retries a failed message alone: the others of its batch are not delivered again', async () => {
    const due = new Date('2033-03-08T19:00:00Z');
    const people = await peopleDueAt(12, due);
    const unlucky = people[4]!;
    failOnceFor = unlucky;
    deliveries.length = 0;
    await run(new Date(due.getTime() + 60_000));
    await bus.drain();

    const received = deliveries.flatMap((d) => d.users).filter((u) => people.includes(u));
    expect(received).toHaveLength(people.length + 1);
    // The retry may share a batch with messages not delivered yet (the previous week's reminders
    // are due too), but with none delivered before it: only the failed message came again.
    const retryAt = deliveries.findLastIndex((d) => d.users.includes(unlucky));
    const firstAt = deliveries.findIndex((d) => d.users.includes(unlucky));
    expect(retryAt).toBeGreaterThan(firstAt);
    const deliveredBefore = new Set(deliveries.slice(0, retryAt).flatMap((d) => d.users));
    expect(deliveries[retryAt]!.users.filter((u) => u !== unlucky && deliveredBefore.has(u))).toEqual([]);
    for (const userId of people) expect(await reminders(userId), userId).toHaveLength(1);
    expect(queue.deadLetters).toEqual([]);
  });

  it('a message of a person who switched reminders off after the run sends nothing and ends the chain', async () => {
    const due = new Date('2033-03-15T19:00:00Z');
    const [userId] = await peopleDueAt(1, due);
    const { putSettings } = await import('../../functions/notifications/data/notifications.ts');
    const hold = queue.send;
    const held: string[] = [];
    queue.send = (body: string) => {
      held.push(body);
      return 'held';
    };
    await run(new Date(due.getTime() + 60_000));
    queue.send = hold;
    await putSettings(userId!, { ...DEFAULT_SETTINGS, studyReminders: false }, new Date());
    for (const body of held) queue.send(body);
    await bus.drain();
    expect(await reminders(userId!)).toEqual([]);
    expect(await rows(userId!, 'REMIND#')).toEqual([]);
  });
});
