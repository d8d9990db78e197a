import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsServices } from '../../infra/local/aws-services.ts';
import { LocalEventBus } from '../../infra/local/event-bus.ts';
import { Mailbox, type StoredMail } from '../../infra/local/mailbox.ts';
import { useLocalStack, uniqueEmail } from '../support/handler-env.ts';

/**
 * The weekly parent summaries as a fan-out. The job publishes one
 * WeeklyParentSummaryDue per opted-in link; the local bus puts each on the consumer's queue
 * (infra/local/queue.ts, the batch size, retries and dead-letter count of AWS), and the
 * queue consumer sends each e-mail once. This file runs its own bus and SES emulation, so it
 * can count the messages, deliver them twice and make one send fail.
 */
useLocalStack();
const root = resolve(import.meta.dirname, '../..');
const mailDir = mkdtempSync(join(tmpdir(), 'weekly-queue-mail-'));

/** SES that refuses every send to one address while `failing` is set (each SDK attempt: a 500). */
class FlakyMailbox extends Mailbox {
  failTo: string | undefined;
  override add(mail: Omit<StoredMail, 'id' | 'sentAt'>): StoredMail {
    if (this.failTo && mail.to.includes(this.failTo)) throw new Error(`refusing mail to ${this.failTo}`);
    return super.add(mail);
  }
}
const mailbox = new FlakyMailbox(mailDir);

interface Delivery {
  readonly records: { key: string; eventId: string; receiveCount: string }[];
  readonly failed: string[];
}
const deliveries: Delivery[] = [];
/** Set by a test: an SQS target delivering each event twice (at least once, not exactly once). */
let deliverTwice = false;
/** Set by a test: deliveries wait for it (the queue holds the messages meanwhile). */
let hold: Promise<void> | undefined;

const { handler: weeklyJob } = await import('../../functions/parents/send-weekly-summaries.ts');
const { handler: consumer } = await import('../../functions/parents/send-weekly-summary.ts');
const { answerLink, putPendingLink, setWeeklyEmail } = await import('../../functions/parents/data/parent-links.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const keys = await import('../../functions/data/table-keys.ts');

const keyOf = (body: string) => {
  const event = JSON.parse(body) as { id: string; detail: { parentId: string; studentId: string; week: string } };
  return { key: `${event.detail.parentId}#${event.detail.studentId}#${event.detail.week}`, eventId: event.id };
};

const bus = new LocalEventBus(root, {
  visibilityTimeoutMs: 50,
  // The real consumer, watched: which messages each invocation got and which it reported failed.
  invoke: async (_entry, _name, event) => {
    const sqs = event as SQSEvent;
    await hold;
    const result = (await consumer(sqs)) as SQSBatchResponse;
    const ids = new Map(sqs.Records.map((r) => [r.messageId, keyOf(r.body).key]));
    deliveries.push({
      records: sqs.Records.map((r) => ({ ...keyOf(r.body), receiveCount: r.attributes.ApproximateReceiveCount })),
      failed: result.batchItemFailures.map((f) => ids.get(f.itemIdentifier)!),
    });
    // SES recovers once the failed send has been reported: the redelivery succeeds.
    if (result.batchItemFailures.length) mailbox.failTo = undefined;
    return result;
  },
});
const queue = bus.queues.get('send-weekly-parent-summary')!;
const send = queue.send.bind(queue);
queue.send = (body: string) => {
  if (deliverTwice) send(body);
  return send(body);
};

let server: Server;
beforeAll(async () => {
  server = await startAwsServices({ port: 0, root, mailbox, bus });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Before the handlers' first SDK call: their clients are made once, on first use.
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = endpoint;
  process.env.AWS_ENDPOINT_URL_SESV2 = endpoint;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(mailDir, { recursive: true, force: true });
});

/**
 * `count` approved, opted-in parent–student links made through the data layer: no sign-ups (the
 * job and the consumer read links and the student's rows only), a bare student profile for the
 * link's existence check.
 */
async function optedInLinks(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const link = { parentId: randomUUID(), studentId: randomUUID(), parentEmail: uniqueEmail('weekly-parent'), studentEmail: uniqueEmail('weekly-student') };
      await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...keys.profile(link.studentId), type: 'profile' } }));
      expect(await putPendingLink({ ...link, createdAt: new Date().toISOString() })).toBe(true);
      expect(await answerLink(link.studentId, link.parentId, 'accepted', new Date().toISOString())).toBe(true);
      expect(await setWeeklyEmail(link.parentId, link.studentId, true)).toBe(true);
      return link;
    }),
  );
}

/** A run of the job on a Sunday of its own (the marker is per link and week), as Scheduler sends it. */
const run = (week: string) => ({ schedule: 'send-weekly-parent-summaries', scheduledTime: `${week}T17:00:00Z`, payload: { maxEmails: 5000 } });
const mailsTo = (address: string) => mailbox.list().filter((m) => m.to.includes(address));

describe('the weekly parent summaries through the queue', () => {
  it('enqueues one message per opted-in link, and sends each e-mail once though every message is delivered twice', async () => {
    const links = await optedInLinks(23);
    const week = '2031-01-05';
    deliverTwice = true;
    deliveries.length = 0;
    await weeklyJob(run(week));
    await bus.drain();
    deliverTwice = false;

    const mine = (key: string) => links.some((l) => key === `${l.parentId}#${l.studentId}#${week}`);
    const received = deliveries.flatMap((d) => d.records).filter((r) => mine(r.key));
    // One event per link (the job), each delivered twice (the at-least-once queue)…
    expect(new Set(received.map((r) => r.eventId)).size).toBe(links.length);
    expect(new Set(received.map((r) => r.key)).size).toBe(links.length);
    expect(received).toHaveLength(2 * links.length);
    // …batched as a poller receives them: never more than 10 a call.
    expect(Math.max(...deliveries.map((d) => d.records.length))).toBeLessThanOrEqual(10);
    // …and one e-mail each.
    for (const link of links) {
      const mails = mailsTo(link.parentEmail);
      expect(mails, link.parentEmail).toHaveLength(1);
      expect(mails[0]?.text).toContain(`Weekly summary for ${link.studentEmail}`);
    }
    expect(queue.deadLetters).toEqual([]);

    // A retried run of the same week (Lambda retries a failed job) sends nothing more.
    await weeklyJob(run(week));
    await bus.drain();
    for (const link of links) expect(mailsTo(link.parentEmail)).toHaveLength(1);
  });

  it('retries a failed send alone: the others of its batch are not delivered again', async () => {
    const links = await optedInLinks(12);
    const week = '2031-01-12';
    const unlucky = links[4]!;
    mailbox.failTo = unlucky.parentEmail;
    deliveries.length = 0;
    await weeklyJob(run(week));
    await bus.drain();

    const unluckyKey = `${unlucky.parentId}#${unlucky.studentId}#${week}`;
    const mine = (key: string) => links.some((l) => key === `${l.parentId}#${l.studentId}#${week}`);
    const received = deliveries.flatMap((d) => d.records).filter((r) => mine(r.key));
    // Every link's message once, the unlucky one twice: reported failed, then redelivered in a batch of its own.
    expect(received).toHaveLength(links.length + 1);
    expect(deliveries.filter((d) => d.failed.includes(unluckyKey))).toHaveLength(1);
    const retry = deliveries.find((d) => d.records.some((r) => r.key === unluckyKey && r.receiveCount === '2'));
    expect(retry?.records).toEqual([expect.objectContaining({ key: unluckyKey, receiveCount: '2' })]);
    for (const link of links) expect(mailsTo(link.parentEmail), link.parentEmail).toHaveLength(1);
    expect(queue.deadLetters).toEqual([]);
  });

  it('sends nothing for a link switched off after the run queued it', async () => {
    const [link] = await optedInLinks(1);
    const week = '2031-01-19';
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    await weeklyJob(run(week));
    await setWeeklyEmail(link!.parentId, link!.studentId, false);
    release();
    hold = undefined;
    await bus.drain();
    expect(mailsTo(link!.parentEmail)).toHaveLength(0);
  });
});
