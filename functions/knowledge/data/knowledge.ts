import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import type { DocumentState, DocumentStatus } from '#shared/knowledge/documents.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { batchGetItems } from '../../data/batch-get.ts';
import { writeItems, type WriteRequest } from '../../data/batch-write.ts';
import { queryAll, queryPages } from '../../data/paging.ts';
import { ttlSeconds } from '../../data/table-design.ts';

/**
 * The knowledge base in the one table (see table-design.ts):
 * - chunk ............ pk KB#<subject | general>  sk CHUNK#<source kind>#<source id>#<nnn>
 *                      (text ≤ 512 characters, its source and category, and its vector packed as
 *                      float32 bytes with the embedder's id; a subject's chunks are one partition)
 * - scope version .... pk KBVERSION  sk <subject | general>  (a counter bumped by every write to
 *                      the scope: a container's cached vectors are checked with one BatchGet)
 * - seed state ....... pk KBVERSION  sk SEED  (hash of the seeded material and the embedder id)
 * - document ......... pk DOC#<id>  sk DOC  (an admin's document as written, its status on the way into
 *                      the knowledge base and its progress), gsi2pk KBDOCS gsi2sk <created at>#<id> (the
 *                      admin screen's newest documents: one query)
 * - embedded passage . pk DOC#<id>  sk PART#<nnn>  (a passage's vector while its document is embedding: a
 *                      run that dies resumes from them; deleted once the document is ready, else by TTL)
 */
export const KB_SCOPES = ['geography', 'history', 'religion', 'general'] as const;
export type KbScope = (typeof KB_SCOPES)[number];
export const scopeOf = (subject: Subject | null): KbScope => subject ?? 'general';

export const kbKeys = {
  chunk: (scope: KbScope, chunkKey: string) => ({ pk: `KB#${scope}`, sk: `CHUNK#${chunkKey}` }),
  version: (scope: KbScope) => ({ pk: 'KBVERSION', sk: scope }),
  seed: () => ({ pk: 'KBVERSION', sk: 'SEED' }),
  document: (id: string) => ({ pk: `DOC#${id}`, sk: 'DOC' }),
  documentListed: (createdAt: string, id: string) => ({ gsi2pk: 'KBDOCS', gsi2sk: `${createdAt}#${id}` }),
  part: (id: string, index: number) => ({ pk: `DOC#${id}`, sk: `PART#${String(index).padStart(3, '0')}` }),
} as const;

export type SourceKind = 'document' | 'country' | 'question' | 'guide';

/** `<kind>#<source id>#<nnn>`: a source's chunks sort together, in order. */
export function chunkKey(kind: SourceKind, sourceId: string, index: number): string {
  return `${kind}#${sourceId}#${String(index).padStart(3, '0')}`;
}

/** The start of every chunk key of one source. */
export const chunkSourcePrefix = (kind: SourceKind, sourceId: string) => `${kind}#${sourceId}#`;

export interface StoredChunk {
  /** `<source kind>#<source id>#<nnn>`. */
  readonly chunkKey: string;
  readonly subject: Subject | null;
  /** A question's level (similar-question search leads to /quiz/{subject}/{level}). */
  readonly level?: Level | null;
  readonly category: string;
  readonly text: string;
  readonly sourceKind: SourceKind;
  readonly sourceId: string;
  readonly title: string;
  readonly model: string;
  readonly vector: Float32Array;
}

export interface StoredDocument {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly subject: Subject;
  readonly category: string;
  readonly chunks: number;
  readonly model: string;
  readonly createdBy: string;
  readonly processedAt: string;
}

export function packVector(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength));
}

export function unpackVector(bytes: Uint8Array): Float32Array {
  // Copied: the SDK's buffer may not be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

const BATCH = 25;

/** BatchWrites in flight at once: a seed of ~1,300 chunks is ~55 batches. */
const CONCURRENCY = 6;

/** Writes chunks (25 per BatchWrite, a few batches at a time, unprocessed items retried). */
export async function putChunks(chunks: readonly StoredChunk[]): Promise<void> {
  await writeBatches(chunks.map((c) => ({ PutRequest: { Item: chunkItem(c) } })));
}

/** The shared batch write (unprocessed items retried), a few batches at a time. */
async function writeBatches(requests: readonly WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await writeItems(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
}

function chunkItem(c: StoredChunk): Record<string, unknown> {
  return {
    ...kbKeys.chunk(scopeOf(c.subject), c.chunkKey),
    type: 'kb-chunk',
    subject: c.subject,
    level: c.level ?? null,
    category: c.category,
    text: c.text,
    sourceKind: c.sourceKind,
    sourceId: c.sourceId,
    title: c.title,
    model: c.model,
    vec: packVector(c.vector),
  };
}

/**
 * Every chunk of a scope (one partition, paged). `consistent` for an index build right after a
 * write: an eventually consistent read could miss the chunks just written, and the index built
 * from it would be kept as that version's. `keyPrefix`: only the chunks whose key starts so (one
 * source's: `chunkSourcePrefix`).
 */
export async function readScope(scope: KbScope, options: { consistent?: boolean; keyPrefix?: string } = {}): Promise<StoredChunk[]> {
  const out: StoredChunk[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
    ExpressionAttributeValues: { ':pk': `KB#${scope}`, ':chunk': `CHUNK#${options.keyPrefix ?? ''}` },
    ConsistentRead: options.consistent === true,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      out.push({
        chunkKey: String(item.sk).slice('CHUNK#'.length),
        subject: (item.subject as Subject | null | undefined) ?? null,
        level: (item.level as Level | null | undefined) ?? null,
        category: String(item.category ?? ''),
        text: String(item.text ?? ''),
        sourceKind: item.sourceKind as SourceKind,
        sourceId: String(item.sourceId ?? ''),
        title: String(item.title ?? ''),
        model: String(item.model ?? ''),
        vector: unpackVector(item.vec as Uint8Array),
      });
    }
  }
  return out;
}

/** The version counter of each scope (0 when never written). */
export async function scopeVersions(scopes: readonly KbScope[]): Promise<Map<KbScope, number>> {
  // Keys left unprocessed are asked again: a scope read as version 0 would be searched stale.
  const found = await batchGetItems(scopes.map((s) => kbKeys.version(s)), { consistent: true });
  const versions = new Map<KbScope, number>(scopes.map((s) => [s, 0]));
  for (const item of found) versions.set(item.sk as KbScope, Number(item.version ?? 0));
  return versions;
}

export async function bumpVersion(scope: KbScope): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: kbKeys.version(scope),
      UpdateExpression: 'ADD #v :one SET #t = :type',
      ExpressionAttributeNames: { '#v': 'version', '#t': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'kb-version' },
    }),
  );
}

/** Deletes chunks by key (25 per BatchWrite). */
export async function deleteChunks(chunks: readonly Pick<StoredChunk, 'chunkKey' | 'subject'>[]): Promise<void> {
  await writeBatches(chunks.map((c) => ({ DeleteRequest: { Key: kbKeys.chunk(scopeOf(c.subject), c.chunkKey) } })));
}

export async function readSeedState(): Promise<string | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: kbKeys.seed(), ConsistentRead: true }));
  return Item?.stamp as string | undefined;
}

export async function writeSeedState(stamp: string): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...kbKeys.seed(), type: 'kb-seed', stamp } }));
}

export async function putDocument(doc: StoredDocument): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { ...kbKeys.document(doc.id), type: 'kb-document', ...doc } }));
}

/** A document stored by the add route, before a passage of it is embedded. */
export interface NewDocument {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly subject: Subject;
  readonly category: string;
  readonly createdBy: string;
}

/** A document with what its embedding run needs: the content, whose request it is, which attempt runs. */
export interface EmbeddingDocument extends DocumentState {
  readonly content: string;
  /** The admin whose request runs now (the one who added it, or who retried it). */
  readonly requestedBy: string;
  /** Bumped by each retry: a run of an older attempt changes nothing. */
  readonly attempt: number;
}

/** Stores documents as `pending` (attempt 1), all or none (25 per BatchWrite, retried while throttled). */
export async function putPendingDocuments(documents: readonly NewDocument[], now: Date): Promise<DocumentState[]> {
  const at = now.toISOString();
  const states = documents.map((d) => ({
    id: d.id,
    title: d.title,
    subject: d.subject,
    category: d.category,
    status: 'pending' as const,
    chunksTotal: null,
    chunksEmbedded: 0,
    failureReason: null,
    createdAt: at,
    updatedAt: at,
    readyAt: null,
  }));
  await writeBatches(
    documents.map((d, i) => ({
      PutRequest: {
        Item: { ...kbKeys.document(d.id), ...kbKeys.documentListed(at, d.id), type: 'kb-document', ...states[i], content: d.content, createdBy: d.createdBy, requestedBy: d.createdBy, attempt: 1 },
      },
    })),
  );
  return states;
}

/** Documents written before they had a status were embedded in their request: ready. */
function documentOf(item: Record<string, unknown>): EmbeddingDocument {
  const legacyChunks = typeof item.chunks === 'number' ? item.chunks : null;
  const status = (item.status as DocumentStatus | undefined) ?? 'ready';
  const createdAt = String(item.createdAt ?? item.processedAt ?? '');
  return {
    id: String(item.id),
    title: String(item.title ?? ''),
    subject: item.subject as Subject,
    category: String(item.category ?? ''),
    status,
    chunksTotal: typeof item.chunksTotal === 'number' ? item.chunksTotal : legacyChunks,
    chunksEmbedded: typeof item.chunksEmbedded === 'number' ? item.chunksEmbedded : (legacyChunks ?? 0),
    failureReason: typeof item.failureReason === 'string' ? item.failureReason : null,
    createdAt,
    updatedAt: String(item.updatedAt ?? createdAt),
    readyAt: typeof item.readyAt === 'string' ? item.readyAt : status === 'ready' ? String(item.processedAt ?? createdAt) : null,
    content: String(item.content ?? ''),
    requestedBy: String(item.requestedBy ?? item.createdBy ?? ''),
    attempt: Number(item.attempt ?? 1),
  };
}

export async function getDocument(id: string): Promise<EmbeddingDocument | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: kbKeys.document(id), ConsistentRead: true }));
  return Item ? documentOf(Item) : undefined;
}

/**
 * The newest documents, newest first, without their content. A page stops at 1 MB read, content
 * included (up to 50 KB a document), so pages are read until `limit` documents are found.
 */
export async function listDocuments(limit: number): Promise<DocumentState[]> {
  const Items: Record<string, unknown>[] = [];
  const pages = queryPages(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': 'KBDOCS' },
      ProjectionExpression: 'id, title, subject, category, #status, chunksTotal, chunksEmbedded, failureReason, createdAt, updatedAt, readyAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ScanIndexForward: false,
    },
    { nextLimit: () => limit - Items.length },
  );
  for await (const page of pages) {
    Items.push(...(page.Items ?? []));
    if (Items.length >= limit) break;
  }
  return Items.map((item) => {
    const { content: _content, requestedBy: _by, attempt: _attempt, ...state } = documentOf(item);
    return state;
  });
}

/** The ids among `ids` of documents not (yet) ready: search leaves their passages out. */
export async function documentsNotReady(ids: readonly string[]): Promise<Set<string>> {
  const notReady = new Set<string>();
  const found = await batchGetItems(ids.map((id) => kbKeys.document(id)), { projection: 'id, #s', names: { '#s': 'status' } });
  for (const item of found) if (item.status !== undefined && item.status !== 'ready') notReady.add(String(item.id));
  return notReady;
}

/**
 * A conditional change of a document's state, only while `attempt` is the one running and the
 * status is one of `from`: false when it is not (a retry moved on, another delivery finished it).
 */
async function transition(id: string, attempt: number, from: readonly DocumentStatus[], set: Record<string, unknown>, remove: readonly string[] = [], extraCondition?: { expression: string; values: Record<string, unknown> }): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status', '#attempt': 'attempt' };
  const values: Record<string, unknown> = { ':attempt': attempt };
  from.forEach((status, i) => (values[`:from${i}`] = status));
  Object.assign(values, extraCondition?.values);
  const sets = Object.entries(set).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const removes = remove.map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: kbKeys.document(id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: `#attempt = :attempt AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})${extraCondition ? ` AND (${extraCondition.expression})` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The run starts (or resumes): the passage count is known, progress counts what is already
 * embedded, and the run holds the document until `leaseMs` from now (its Lambda's timeout), so a
 * second delivery of the same request arriving meanwhile finds it held (false) and leaves it.
 */
export const startEmbedding = (id: string, attempt: number, total: number, embedded: number, now: Date, leaseMs: number) =>
  transition(
    id,
    attempt,
    ['pending', 'embedding'],
    { status: 'embedding', chunksTotal: total, chunksEmbedded: embedded, updatedAt: now.toISOString(), leaseUntil: now.getTime() + leaseMs },
    [],
    { expression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now', values: { ':now': now.getTime() } },
  );

export const recordProgress = (id: string, attempt: number, embedded: number, now: Date) =>
  transition(id, attempt, ['embedding'], { chunksEmbedded: embedded, updatedAt: now.toISOString() });

export const markReady = (id: string, attempt: number, total: number, model: string, now: Date) =>
  transition(id, attempt, ['embedding'], { status: 'ready', chunksEmbedded: total, chunks: total, model, readyAt: now.toISOString(), processedAt: now.toISOString(), updatedAt: now.toISOString() }, ['leaseUntil']);

export const markFailed = (id: string, attempt: number, reason: string, now: Date) =>
  transition(id, attempt, ['pending', 'embedding'], { status: 'failed', failureReason: reason, updatedAt: now.toISOString() }, ['leaseUntil']);

/**
 * A retry: the next attempt, `pending` again, run for `requestedBy`, from the stored status it was
 * seen in (`failed`, or a `pending`/`embedding` that stopped moving: its updatedAt must not have moved).
 */
export async function retryDocument(doc: EmbeddingDocument, requestedBy: string, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: kbKeys.document(doc.id),
        UpdateExpression: 'SET #status = :pending, #attempt = :next, requestedBy = :by, updatedAt = :now REMOVE failureReason, leaseUntil',
        ConditionExpression: '#attempt = :attempt AND #status = :seen AND updatedAt = :updated',
        ExpressionAttributeNames: { '#status': 'status', '#attempt': 'attempt' },
        ExpressionAttributeValues: { ':pending': 'pending', ':next': doc.attempt + 1, ':by': requestedBy, ':now': now.toISOString(), ':attempt': doc.attempt, ':seen': doc.status, ':updated': doc.updatedAt },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Staged passages keep 14 days: a document abandoned mid-way leaves nothing behind for good. */
const PART_KEEP_MS = 14 * 24 * 60 * 60 * 1000;

/** The vectors embedded so far for a document by `model`, by passage index. */
export async function readEmbeddedParts(id: string, model: string): Promise<Map<number, Float32Array>> {
  const parts = new Map<number, Float32Array>();
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :part)', ExpressionAttributeValues: { ':pk': `DOC#${id}`, ':part': 'PART#' }, ConsistentRead: true });
  for (const item of items) if (item.model === model) parts.set(Number(String(item.sk).slice('PART#'.length)), unpackVector(item.vec as Uint8Array));
  return parts;
}

export async function putEmbeddedParts(id: string, model: string, vectors: ReadonlyMap<number, Float32Array>, now: Date): Promise<void> {
  const ttl = ttlSeconds(now.getTime() + PART_KEEP_MS);
  await writeBatches([...vectors].map(([index, vector]) => ({ PutRequest: { Item: { ...kbKeys.part(id, index), type: 'kb-document-part', model, vec: packVector(vector), ttl } } })));
}

export async function deleteEmbeddedParts(id: string, total: number): Promise<void> {
  await writeBatches(Array.from({ length: total }, (_, index) => ({ DeleteRequest: { Key: kbKeys.part(id, index) } })));
}
