import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDING_MESSAGES } from '../../shared/knowledge/embedding.ts';
import { DOCUMENT_MESSAGES, type DocumentState } from '../../shared/knowledge/documents.ts';
import { startAwsServices } from '../../infra/local/aws-services.ts';
import { LocalEventBus } from '../../infra/local/event-bus.ts';
import { Mailbox } from '../../infra/local/mailbox.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * Adding documents embeds them in the background (DocumentEmbeddingRequested → the queued
 * embed-document consumer): the request stores them pending and answers at once; the consumer
 * embeds 16 passages a step with the progress on the document; search finds a document only once
 * it is ready; a failure shows its reason and Retry continues; a redelivery changes nothing; an
 * admin whose access ended gets nothing embedded. This file runs its own bus, so it holds and
 * repeats the queue's messages, and the consumer's embedder is the real one, watched.
 */
useLocalStack();
const mailDir = mkdtempSync(join(tmpdir(), 'embedding-mail-'));
const root = resolve(import.meta.dirname, '../..');

const { handler: addDocuments } = await import('../../functions/knowledge/add-documents.ts');
const { handler: listDocuments } = await import('../../functions/knowledge/list-documents.ts');
const { handler: retryDocument } = await import('../../functions/knowledge/retry-document.ts');
const { handler: searchDocuments } = await import('../../functions/knowledge/search-documents.ts');
const { handler: realConsumer } = await import('../../functions/knowledge/embed-document.ts');
const { embedDocument } = await import('../../functions/knowledge/embed-passages.ts');
const { queueConsumer } = await import('../../functions/lib/queue-consumer.ts');
const { embedder } = await import('../../functions/ai/index.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const keys = await import('../../functions/data/table-keys.ts');

/** The real embedder, watched: calls counted, a step held until released, or a failure thrown. */
const watch = {
  calls: 0,
  hold: undefined as Promise<void> | undefined,
  /** Hold from this call on (1-based). */
  holdFrom: Infinity,
  fail: undefined as Error | undefined,
  /** Fail from this call on (1-based). */
  failFrom: 1,
};
const watchedEmbedder = async () => {
  const real = await embedder();
  return {
    id: real.id,
    dimensions: real.dimensions,
    embed: async (texts: readonly string[]) => {
      watch.calls += 1;
      if (watch.calls >= watch.holdFrom) await watch.hold;
      if (watch.fail && watch.calls >= watch.failFrom) throw watch.fail;
      return real.embed(texts);
    },
  };
};
const watchedConsumer = queueConsumer('DocumentEmbeddingRequested', ({ detail }) => embedDocument(detail, { embedder: watchedEmbedder, now: () => new Date() }));

let useRealHandler = false;
let deliverTwice = false;
const bus = new LocalEventBus(root, {
  visibilityTimeoutMs: 50,
  invoke: async (_entry, _name, event) => (useRealHandler ? realConsumer(event as SQSEvent) : watchedConsumer(event as SQSEvent)),
});
const queue = bus.queues.get('embed-document')!;
const send = queue.send.bind(queue);
queue.send = (body: string) => {
  if (deliverTwice) send(body);
  return send(body);
};

/** Keeps the queue's messages back until `release`, so a check can run before the consumer starts. */
function holdMessages(): { release: () => void } {
  const hold = queue.send;
  const held: string[] = [];
  queue.send = (b: string) => {
    held.push(b);
    return 'held';
  };
  return {
    release: () => {
      queue.send = hold;
      for (const b of held) queue.send(b);
    },
  };
}

let server: Server;
beforeAll(async () => {
  server = await startAwsServices({ port: 0, root, mailbox: new Mailbox(mailDir), bus });
  // Before the handlers' first PutEvents: their client is made once, on first use.
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await bus.drain();
  await new Promise((r) => server.close(r));
  rmSync(mailDir, { recursive: true, force: true });
});
beforeEach(() => {
  Object.assign(watch, { calls: 0, hold: undefined, holdFrom: Infinity, fail: undefined, failFrom: 1 });
  useRealHandler = false;
  deliverTwice = false;
});

const admin = await player({ role: 'admin' });
const student = await player();

const add = async (sub: string, documents: unknown[]) => parse(await addDocuments(httpEvent({ sub, body: { documents } })));
const list = async (sub = admin.user_id) => parse(await listDocuments(httpEvent({ sub })));
const stateOf = async (id: string): Promise<DocumentState | undefined> => (await list()).body.documents.find((d: DocumentState) => d.id === id);
const retry = async (sub: string, id: string) => parse(await retryDocument(httpEvent({ sub, path: { documentId: id } })));
const titlesFound = async (query: string) =>
  (parse(await searchDocuments(httpEvent({ sub: admin.user_id, query: { query, subject: 'history', threshold: '0.3', maxResults: '20' } }))).body.results as { source: { title: string } }[]).map(
    (r) => r.source.title,
  );
const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
/** Chunks of a document in the knowledge base (what search reads). */
const storedChunks = async (id: string) =>
  (
    await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': 'KB#history', ':sk': `CHUNK#document#${id}#` } }),
    )
  ).Items ?? [];

const sentence = (tag: string, i: number) => `The ${tag} ledger of the Hanseatic city of Lübeck recorded cargo number ${i} of herring, salt and amber shipped to Novgorod. `;
const westphalia = (tag: string) => ({
  title: `Westphalia ${tag}`,
  subject: 'history',
  category: 'early-modern-europe',
  content: `The Peace of Westphalia ${tag} was signed in 1648 in Osnabrück and Münster. It ended the Thirty Years War in the Holy Roman Empire and the Eighty Years War between Spain and the Dutch Republic.`,
});

describe('adding documents embeds them in the background', () => {
  it('answers 202 with the documents pending and no embedding done, then they become ready and searchable', async () => {
    useRealHandler = true;
    const tag = randomUUID().slice(0, 8);
    // Held in the queue until the check below: on a quick machine the consumer could otherwise finish first.
    const messages = holdMessages();
    const started = performance.now();
    const { status, body } = await add(admin.user_id, [westphalia(tag), { ...westphalia(tag), title: `Silk Road ${tag}`, content: `The Silk Road ${tag} linked China with Persia and the Mediterranean world; silk, spices and ideas travelled along it.` }]);
    const ms = performance.now() - started;
    expect(status).toBe(202);
    expect(body.documents).toHaveLength(2);
    expect(body.documents[0]).toMatchObject({ id: expect.any(String), title: `Westphalia ${tag}`, status: 'pending', chunksTotal: null, chunksEmbedded: 0, failureReason: null, readyAt: null });
    // Not yet searchable: the request embedded nothing.
    expect(await titlesFound(`Peace of Westphalia ${tag} Thirty Years War`)).not.toContain(`Westphalia ${tag}`);
    console.log(`add-documents answered in ${ms.toFixed(0)} ms`);

    messages.release();
    await bus.drain();
    const ready = await stateOf(body.documents[0].id);
    expect(ready).toMatchObject({ status: 'ready', chunksTotal: 1, chunksEmbedded: 1, failureReason: null, readyAt: expect.any(String) });
    expect(await titlesFound(`Peace of Westphalia ${tag} Thirty Years War`)).toContain(`Westphalia ${tag}`);
    // The staged vectors are gone once the passages are in the knowledge base.
    const parts = await documentClient().send(
      new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `DOC#${body.documents[0].id}`, ':p': 'PART#' } }),
    );
    expect(parts.Items).toEqual([]);
  });

  it('shows the progress mid-way, passages embedded of total, and search leaves the document out until it is ready', async () => {
    const tag = randomUUID().slice(0, 8);
    const content = Array.from({ length: 200 }, (_, i) => sentence(tag, i)).join('');
    let release = () => {};
    watch.hold = new Promise((r) => (release = r));
    watch.holdFrom = 3;
    const { body } = await add(admin.user_id, [{ title: `Lübeck ledger ${tag}`, subject: 'history', category: 'hansa', content }]);
    const id = body.documents[0].id as string;

    const midway = await until(() => stateOf(id), (d) => d?.chunksEmbedded === 32, 'two steps embedded');
    expect(midway).toMatchObject({ status: 'embedding', chunksEmbedded: 32 });
    expect(midway!.chunksTotal).toBeGreaterThan(32);
    expect(await titlesFound(`Lübeck ledger ${tag} herring amber Novgorod`)).not.toContain(`Lübeck ledger ${tag}`);
    expect(await storedChunks(id)).toEqual([]);

    release();
    await bus.drain();
    const done = await stateOf(id);
    expect(done).toMatchObject({ status: 'ready', chunksEmbedded: midway!.chunksTotal, chunksTotal: midway!.chunksTotal });
    expect(await storedChunks(id)).toHaveLength(midway!.chunksTotal!);
    expect(await titlesFound(`Lübeck ledger ${tag} herring amber Novgorod`)).toContain(`Lübeck ledger ${tag}`);
  });

  it('shows why an embedding failed, and Retry (admins only) continues from the passages already embedded', async () => {
    const tag = randomUUID().slice(0, 8);
    const content = Array.from({ length: 120 }, (_, i) => sentence(tag, i)).join('');
    // The first step embeds; the second is refused by the service.
    watch.failFrom = 2;
    watch.fail = Object.assign(new Error('Malformed input request: expected maxLength: 50000'), { name: 'ValidationException' });
    const { body } = await add(admin.user_id, [{ title: `Failing ledger ${tag}`, subject: 'history', category: 'hansa', content }]);
    const id = body.documents[0].id as string;
    await bus.drain();

    const failed = await stateOf(id);
    expect(failed).toMatchObject({ status: 'failed', chunksEmbedded: 16, failureReason: 'Embedding failed: ValidationException: Malformed input request: expected maxLength: 50000' });
    expect(await titlesFound(`Failing ledger ${tag} herring amber`)).not.toContain(`Failing ledger ${tag}`);

    // Only an admin retries; a ready document cannot be retried.
    const refused = await retry(student.user_id, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('admin_required');

    watch.fail = undefined;
    watch.calls = 0;
    const retried = await retry(admin.user_id, id);
    expect(retried.status).toBe(200);
    expect(retried.body.document).toMatchObject({ id, status: 'pending', failureReason: null });
    await bus.drain();
    const ready = await stateOf(id);
    expect(ready).toMatchObject({ status: 'ready', failureReason: null });
    // The 16 passages of the first run were kept: the retry embedded only the rest.
    expect(watch.calls).toBe(Math.ceil((ready!.chunksTotal! - 16) / 16));
    expect(await titlesFound(`Failing ledger ${tag} herring amber`)).toContain(`Failing ledger ${tag}`);

    const again = await retry(admin.user_id, id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(DOCUMENT_MESSAGES.notRetryable);
  });

  it('says the service was busy when it throttled', async () => {
    watch.fail = Object.assign(new Error('Too many requests, please wait before trying again.'), { name: 'ThrottlingException' });
    const { body } = await add(admin.user_id, [westphalia(randomUUID().slice(0, 8))]);
    await bus.drain();
    expect(await stateOf(body.documents[0].id)).toMatchObject({ status: 'failed', failureReason: EMBEDDING_MESSAGES.throttled });
  });

  it('changes nothing when its message is delivered twice, or when an older attempt arrives late', async () => {
    const tag = randomUUID().slice(0, 8);
    deliverTwice = true;
    const { body } = await add(admin.user_id, [{ title: `Twice ${tag}`, subject: 'history', category: 'hansa', content: Array.from({ length: 20 }, (_, i) => sentence(tag, i)).join('') }]);
    const id = body.documents[0].id as string;
    await bus.drain();
    deliverTwice = false;
    const ready = await stateOf(id);
    expect(ready).toMatchObject({ status: 'ready' });
    expect(await storedChunks(id)).toHaveLength(ready!.chunksTotal!);
    // Embedded once: the second delivery found the document ready.
    expect(watch.calls).toBe(Math.ceil(ready!.chunksTotal! / 16));

    // A late delivery of attempt 1 after the document moved on (say, to a retry's attempt 2) is ignored.
    expect(await embedDocument({ documentId: id, attempt: 2 }, { embedder: watchedEmbedder, now: () => new Date() })).toBe('skipped');
    expect(await stateOf(id)).toEqual(ready);
  });

  it('embeds nothing for an admin whose admin access ended before the work ran', async () => {
    const leaving = await player({ role: 'admin' });
    const tag = randomUUID().slice(0, 8);
    let release = () => {};
    watch.hold = new Promise((r) => (release = r));
    watch.holdFrom = 1;
    // Held in the queue: the consumer has not started.
    const messages = holdMessages();
    const { body } = await add(leaving.user_id, [westphalia(tag)]);
    await documentClient().send(
      new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: keys.profile(leaving.user_id), UpdateExpression: 'SET #r = :student', ExpressionAttributeNames: { '#r': 'role' }, ExpressionAttributeValues: { ':student': 'student' } }),
    );
    messages.release();
    release();
    await bus.drain();
    expect(await stateOf(body.documents[0].id)).toMatchObject({ status: 'failed', failureReason: EMBEDDING_MESSAGES.accessEnded, chunksEmbedded: 0 });
    expect(watch.calls).toBe(0);
    expect(await titlesFound(`Peace of Westphalia ${tag} Thirty Years War`)).not.toContain(`Westphalia ${tag}`);
    // Another admin may retry it: the work then runs for them.
    expect((await retry(admin.user_id, body.documents[0].id)).status).toBe(200);
    await bus.drain();
    expect(await stateOf(body.documents[0].id)).toMatchObject({ status: 'ready' });
  });

  it('lists documents for admins only', async () => {
    const { status, body } = await list(student.user_id);
    expect(status).toBe(403);
    expect(Object.keys(body)).toEqual(['error']);
  });
});
