import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Level, Subject } from '#shared/constants.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

/**
 * The knowledge base in the one table (see table-design.ts):
 * - chunk ............ pk KB#<subject | general>  sk CHUNK#<source kind>#<source id>#<nnn>
 *                      (text ≤ 512 characters, its source and category, and its vector packed as
 *                      float32 bytes with the embedder's id; a subject's chunks are one partition)
 * - scope version .... pk KBVERSION  sk <subject | general>  (a counter bumped by every write to
 *                      the scope: a container's cached vectors are checked with one BatchGet)
 * - seed state ....... pk KBVERSION  sk SEED  (hash of the seeded material and the embedder id)
 * - document ......... pk DOC#<id>  sk DOC  (an admin's document as written, with its chunk count)
 */
export const KB_SCOPES = ['geography', 'history', 'religion', 'general'] as const;
export type KbScope = (typeof KB_SCOPES)[number];
export const scopeOf = (subject: Subject | null): KbScope => subject ?? 'general';

export const kbKeys = {
  chunk: (scope: KbScope, chunkKey: string) => ({ pk: `KB#${scope}`, sk: `CHUNK#${chunkKey}` }),
  version: (scope: KbScope) => ({ pk: 'KBVERSION', sk: scope }),
  seed: () => ({ pk: 'KBVERSION', sk: 'SEED' }),
  document: (id: string) => ({ pk: `DOC#${id}`, sk: 'DOC' }),
} as const;

export type SourceKind = 'document' | 'country' | 'question' | 'guide';

/** `<kind>#<source id>#<nnn>`: a source's chunks sort together, in order. */
export function chunkKey(kind: SourceKind, sourceId: string, index: number): string {
  return `${kind}#${sourceId}#${String(index).padStart(3, '0')}`;
}

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

async function writeBatches(requests: readonly Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await writeBatch(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
}

async function writeBatch(batch: readonly Record<string, unknown>[]): Promise<void> {
  const table = env().TABLE_NAME;
  let requests = [...batch];
  for (let attempt = 0; requests.length > 0; attempt += 1) {
    if (attempt > 8) throw new Error('Knowledge base write kept being throttled');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = (result.UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
  }
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

/** Every chunk of a scope (one partition, paged). */
export async function readScope(scope: KbScope): Promise<StoredChunk[]> {
  const out: StoredChunk[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
        ExpressionAttributeValues: { ':pk': `KB#${scope}`, ':chunk': 'CHUNK#' },
        ExclusiveStartKey: start,
      }),
    );
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
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The version counter of each scope (0 when never written). */
export async function scopeVersions(scopes: readonly KbScope[]): Promise<Map<KbScope, number>> {
  const table = env().TABLE_NAME;
  const { Responses } = await documentClient().send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: scopes.map((s) => kbKeys.version(s)), ConsistentRead: true } } }),
  );
  const versions = new Map<KbScope, number>(scopes.map((s) => [s, 0]));
  for (const item of Responses?.[table] ?? []) versions.set(item.sk as KbScope, Number(item.version ?? 0));
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
