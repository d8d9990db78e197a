import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAwsServices } from '../../infra/local/aws-services.ts';
import { LocalEventBus } from '../../infra/local/event-bus.ts';
import { Mailbox } from '../../infra/local/mailbox.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player } from '../support/players.ts';

/**
 * The knowledge index on the local stack (docs/ai.md, "Search"): the seed built each scope's index
 * into the emulated S3; a document an admin adds is searchable through its scope's index once the
 * embed-document consumer has marked it ready (a large scope's index is updated, not clustered
 * again, also with two documents at once); a document not ready is in no index and is not found. This file runs its own bus with the real consumer, as document-embedding does.
 */
useLocalStack();
const mailDir = mkdtempSync(join(tmpdir(), 'knowledge-index-mail-'));
const root = resolve(import.meta.dirname, '../..');

const { handler: addDocuments } = await import('../../functions/knowledge/add-documents.ts');
const { handler: searchDocuments } = await import('../../functions/knowledge/search-documents.ts');
const { handler: embedDocumentConsumer } = await import('../../functions/knowledge/embed-document.ts');
const { embedder } = await import('../../functions/ai/index.ts');
const { storageClient } = await import('../../functions/lib/clients.ts');
const { configuredIndexStore } = await import('../../functions/ai/index-store/configured-index-store.ts');
const { rebuildScopeIndex, updateScopeIndex } = await import('../../functions/ai/rebuild-index.ts');
const { indexKeys, listChunks, openScopeIndex, readManifest } = await import('../../functions/ai/scope-index.ts');
const { embedDocument } = await import('../../functions/knowledge/embed-passages.ts');
const knowledge = await import('../../functions/knowledge/data/knowledge.ts');

const bus = new LocalEventBus(root, { visibilityTimeoutMs: 50, invoke: async (_entry, _name, event) => embedDocumentConsumer(event as SQSEvent) });
let server: Server;
beforeAll(async () => {
  server = await startAwsServices({ port: 0, root, mailbox: new Mailbox(mailDir), bus });
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await bus.drain();
  await new Promise((r) => server.close(r));
  rmSync(mailDir, { recursive: true, force: true });
});

const admin = await player({ role: 'admin' });
const bucket = process.env.KNOWLEDGE_INDEX_BUCKET!;
const model = (await embedder()).id;

const search = async (query: string) =>
  (parse(await searchDocuments(httpEvent({ sub: admin.user_id, query: { query, subject: 'history', threshold: '0.3', maxResults: '20' } }))).body.results as { source: { id: string; title: string } }[]).map((r) => r.source);

/** Every chunk key in the stored index of the scope's current version (undefined: none built for it). */
async function indexedKeys(scope: 'history' | 'geography'): Promise<Set<string> | undefined> {
  const version = (await knowledge.scopeVersions([scope])).get(scope)!;
  const index = await openScopeIndex(configuredIndexStore()!, model, scope, version);
  if (!index) return undefined;
  const keys = new Set<string>();
  for (let n = 0; n < index.manifest.lists.length; n += 1) for (const chunk of listChunks(await index.list(n))) keys.add(chunk.chunkKey);
  return keys;
}

describe('the knowledge index', () => {
  it('is in the emulated S3 for every seeded scope, at the scope’s current version', async () => {
    for (const scope of knowledge.KB_SCOPES) {
      const version = (await knowledge.scopeVersions([scope])).get(scope)!;
      const { client } = await storageClient();
      const latest = await client.send(new GetObjectCommand({ Bucket: bucket, Key: indexKeys.latest(model, scope) }));
      const pointer = JSON.parse(await latest.Body!.transformToString()) as { version: number };
      expect(pointer.version).toBeLessThanOrEqual(version);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: indexKeys.manifest(model, scope, pointer.version) }));
      expect(head.ContentLength).toBeGreaterThan(0);
    }
    const geography = await indexedKeys('geography');
    expect([...(geography ?? [])].some((key) => key.startsWith('country#per#'))).toBe(true);
  });

  it('holds an added document once it is ready, and search finds it through the rebuilt index', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = `Hanseatic charter ${tag}`;
    const content = `The Hanseatic charter ${tag} of 1358 bound Lübeck, Hamburg and Bremen to trade herring, salt and amber with Novgorod and Bergen under one diet.`;
    const { status, body } = await parse(await addDocuments(httpEvent({ sub: admin.user_id, body: { documents: [{ title, subject: 'history', category: 'hansa', content }] } })));
    expect(status).toBe(202);
    const id = body.documents[0].id as string;
    await bus.drain();

    expect((await knowledge.getDocument(id))?.status).toBe('ready');
    const keys = await indexedKeys('history');
    expect(keys, 'the history index of the current version was built').toBeDefined();
    expect(keys!.has(knowledge.chunkKey('document', id, 0))).toBe(true);
    const found = await search(`Hanseatic charter ${tag} Lübeck herring Novgorod`);
    expect(found[0]).toEqual({ kind: 'document', id, title });
  });

  it('leaves out a document that is not ready, though its passages are in the table', async () => {
    const tag = randomUUID().slice(0, 8);
    const title = `Unfinished chronicle ${tag}`;
    const text = `The unfinished chronicle ${tag} tells of the salt road from Lüneburg to Lübeck.`;
    const [state] = await knowledge.putPendingDocuments([{ id: `doc-${tag}`, title, content: text, subject: 'history', category: 'hansa', createdBy: admin.user_id }], new Date());
    const [vector] = await (await embedder()).embed([text]);
    await knowledge.putChunks([{ chunkKey: knowledge.chunkKey('document', state!.id, 0), subject: 'history', level: null, category: 'hansa', text, sourceKind: 'document', sourceId: state!.id, title, model, vector: vector! }]);
    await knowledge.bumpVersion('history');
    await rebuildScopeIndex('history', { store: configuredIndexStore()!, model, keyword: true });

    const keys = await indexedKeys('history');
    expect(keys!.size).toBeGreaterThan(0);
    expect(keys!.has(knowledge.chunkKey('document', state!.id, 0))).toBe(false);
    expect((await search(`unfinished chronicle ${tag} salt road Lüneburg`)).map((s) => s.id)).not.toContain(state!.id);
  });

  /** An admin's document embedded as the consumer does it (ready, the scope's version moved), its index not touched yet. */
  async function embedded(tag: string, title: string, content: string): Promise<string> {
    const [state] = await knowledge.putPendingDocuments([{ id: `doc-${tag}`, title, content, subject: 'history', category: 'hansa', createdBy: admin.user_id }], new Date());
    expect(await embedDocument({ documentId: state!.id, attempt: 1 })).toBe('ready');
    return state!.id;
  }
  // The scope's index as an update finds it; the scope is small here, so the update is asked not to build it whole (as at 5,000 chunks and more).
  const large = { store: configuredIndexStore()!, model, keyword: true, fullBuildBelow: 0 };

  it('adds a ready document to a large scope’s index without clustering it again, and search finds it', async () => {
    const base = await rebuildScopeIndex('history', large);
    const tag = randomUUID().slice(0, 8);
    const title = `Visby ordinance ${tag}`;
    const id = await embedded(tag, title, `The Visby ordinance ${tag} set the tolls on furs and wax carried from Reval to Danzig by cog.`);

    const after = await updateScopeIndex('history', [id], large);
    expect(after.version).toBeGreaterThan(base.version);
    expect(after.clustered).toEqual(base.clustered);
    expect(after.count).toBe(base.count + 1);
    expect(after.lists.length).toBe(base.lists.length);
    expect((await readManifest(large.store, model, 'history', after.version))?.layoutKey).toBe(after.layoutKey);
    expect((await indexedKeys('history'))!.has(knowledge.chunkKey('document', id, 0))).toBe(true);
    expect((await search(`Visby ordinance ${tag} tolls furs wax Reval`))[0]).toEqual({ kind: 'document', id, title });
  });

  it('holds both of two documents embedded and added at once', async () => {
    await rebuildScopeIndex('history', large);
    const tags = [randomUUID().slice(0, 8), randomUUID().slice(0, 8)];
    const ids = await Promise.all(tags.map((tag) => embedded(tag, `Kontor letter ${tag}`, `The Kontor letter ${tag} lists the Bergen stockfish and the Lübeck salt sold in one season.`)));
    const results = await Promise.all(ids.map((id) => updateScopeIndex('history', [id], large)));
    for (const manifest of results) expect(manifest.clustered.count).toBeLessThan(manifest.count);
    const keys = await indexedKeys('history');
    for (const id of ids) expect(keys!.has(knowledge.chunkKey('document', id, 0)), id).toBe(true);
    for (const [i, tag] of tags.entries()) expect((await search(`Kontor letter ${tag} Bergen stockfish Lübeck salt`)).map((s) => s.id)).toContain(ids[i]);
  });
});
