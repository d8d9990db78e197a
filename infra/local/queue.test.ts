import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { consumerQueue } from '#events/consumers.ts';
import { LocalQueue } from './queue.ts';

/** The local SQS queue and poller: batches, ReportBatchItemFailures, redelivery and the dead-letter list, as the CDK events stack configures AWS. */
function queue(handle: (event: SQSEvent) => SQSBatchResponse | Promise<SQSBatchResponse>, overrides: { maxReceiveCount?: number; batchSize?: number } = {}) {
  const batches: { body: string; receiveCount: string }[][] = [];
  const errors: unknown[][] = [];
  const q = new LocalQueue({
    name: 'test-consumer',
    entry: 'functions/none.ts',
    root: '.',
    batchSize: overrides.batchSize ?? 10,
    maxReceiveCount: overrides.maxReceiveCount ?? 3,
    maxConcurrency: 2,
    visibilityTimeoutMs: 5,
    log: { error: (...args: unknown[]) => errors.push(args) },
    invoke: async (_entry, _name, event) => {
      const sqs = event as SQSEvent;
      batches.push(sqs.Records.map((r) => ({ body: r.body, receiveCount: r.attributes.ApproximateReceiveCount })));
      return handle(sqs);
    },
  });
  return { q, batches, errors };
}

describe('the local queue', () => {
  it('delivers messages sent together in batches of the batch size', async () => {
    const { q, batches } = queue(() => ({ batchItemFailures: [] }));
    for (let i = 0; i < 25; i++) q.send(`m${i}`);
    await q.drain();
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat().map((m) => m.body)).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`));
  });

  it('redelivers only the messages the consumer reports as failed, alone', async () => {
    let failedOnce = false;
    const { q, batches } = queue((event) => {
      const bad = event.Records.find((r) => r.body === 'bad');
      if (bad && !failedOnce) {
        failedOnce = true;
        return { batchItemFailures: [{ itemIdentifier: bad.messageId }] };
      }
      return { batchItemFailures: [] };
    });
    for (const body of ['a', 'bad', 'c']) q.send(body);
    await q.drain();
    expect(batches).toEqual([
      [
        { body: 'a', receiveCount: '1' },
        { body: 'bad', receiveCount: '1' },
        { body: 'c', receiveCount: '1' },
      ],
      [{ body: 'bad', receiveCount: '2' }],
    ]);
    expect(q.deadLetters).toEqual([]);
  });

  it('fails the whole batch when the consumer throws or names a message not in it', async () => {
    let calls = 0;
    const { q, batches } = queue(() => {
      calls += 1;
      if (calls === 1) throw new Error('crashed');
      if (calls === 2) return { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] };
      return { batchItemFailures: [] };
    });
    q.send('a');
    q.send('b');
    await q.drain();
    expect(batches.map((b) => b.map((m) => `${m.body}${m.receiveCount}`))).toEqual([['a1', 'b1'], ['a2', 'b2'], ['a3', 'b3']]);
  });

  it('moves a message to the dead-letter list after maxReceiveCount deliveries, loudly', async () => {
    const { q, batches, errors } = queue((event) => ({ batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) }), { maxReceiveCount: 3 });
    q.send('poison');
    await q.drain();
    expect(batches).toHaveLength(3);
    expect(q.deadLetters).toEqual([expect.objectContaining({ body: 'poison', receiveCount: 3 })]);
    expect(String(errors.at(-1)?.[0])).toMatch(/FAILED 3 deliveries/);
  });

  it('holds a message sent with a delay until the delay has passed (DelaySeconds), without a drain waiting for it', async () => {
    // A fake clock for the delay; deliveries themselves run on the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { q, batches } = queue(() => ({ batchItemFailures: [] }));
      q.send('later', 30);
      q.send('now');
      await q.drain();
      expect(batches.flat().map((m) => m.body)).toEqual(['now']);
      expect(q.delayedCount).toBe(1);
      await vi.advanceTimersByTimeAsync(29_999);
      await q.drain();
      expect(batches.flat().map((m) => m.body)).toEqual(['now']);
      await vi.advanceTimersByTimeAsync(1);
      await q.drain();
      expect(batches.flat().map((m) => m.body)).toEqual(['now', 'later']);
      expect(q.delayedCount).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a delay SQS refuses: not whole seconds, negative, or past 15 minutes', () => {
    const { q } = queue(() => ({ batchItemFailures: [] }));
    for (const delay of [-1, 1.5, 901]) expect(() => q.send('x', delay)).toThrow(/DelaySeconds/);
    expect(() => q.send('x', 900)).not.toThrow();
    q.close();
  });

  it('drops delayed messages when the host stops, loudly, and refuses later sends', async () => {
    const { q, batches, errors } = queue(() => ({ batchItemFailures: [] }));
    q.send('in a minute', 60);
    q.close();
    q.send('after the stop');
    await q.drain();
    expect(batches).toEqual([]);
    expect(q.delayedCount).toBe(0);
    expect(errors.map((e) => String(e[0]))).toEqual([expect.stringMatching(/1 delayed message\(s\) dropped/), expect.stringMatching(/dropped/)]);
  });

  it('is configured from the consumer table, as the CDK stack is', () => {
    expect(consumerQueue('send-weekly-parent-summary')).toEqual({ batchSize: 10, maxReceiveCount: 5, maxConcurrency: 2 });
    expect(consumerQueue('send-email')).toBeUndefined();
  });
});
