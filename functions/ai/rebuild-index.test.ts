import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredChunk } from '../knowledge/data/knowledge.ts';
import { memoryIndexStore } from './index-store/index-store.ts';
import { writeScopeIndex } from './index-publish.ts';
import { listChunks, openScopeIndex } from './scope-index.ts';

/**
 * Two documents' updates of one scope version at once, with the table mocked: the list of
 * documents each reads has not caught up with the other (an index read lagging), so each adds
 * only its own; the one whose build was replaced looks again and adds its document to the other's.
 */
const table = vi.hoisted(() => ({ version: 3, chunks: new Map<string, StoredChunk[]>() }));
vi.mock('../knowledge/data/knowledge.ts', () => ({
  scopeOf: (subject: string | null) => subject ?? 'general',
  scopeVersions: async (scopes: string[]) => new Map(scopes.map((s) => [s, table.version])),
  listDocuments: async () => [],
  documentsNotReady: async () => new Set<string>(),
  chunkSourcePrefix: (kind: string, id: string) => `${kind}#${id}#`,
  readScope: async (_scope: string, options: { keyPrefix?: string }) => [...table.chunks.entries()].filter(([key]) => key.startsWith(options.keyPrefix ?? '')).flatMap(([, c]) => c),
}));
const { updateScopeIndex } = await import('./rebuild-index.ts');

const d = 4;
function chunk(id: string, axis: number): StoredChunk {
  const vector = new Float32Array(d);
  vector[axis % d] = 1;
  return { chunkKey: `document#${id}#000`, subject: 'history', level: null, category: 'empires', text: `Passage of ${id}.`, sourceKind: 'document', sourceId: id, title: id, model: 'm', vector };
}

describe('two updates of one version at once', () => {
  beforeEach(() => table.chunks.clear());

  it('leave an index holding both documents', async () => {
    const store = memoryIndexStore();
    await writeScopeIndex(store, { scope: 'history', model: 'm', version: 2, chunks: Array.from({ length: 2100 }, (_, i) => chunk(`doc-${i}`, i)), keyword: true });
    for (const id of ['doc-a', 'doc-b']) table.chunks.set(`document#${id}#`, [chunk(id, 1)]);
    const options = { store, model: 'm', keyword: true, fullBuildBelow: 0 };
    await Promise.all([updateScopeIndex('history', ['doc-a'], options), updateScopeIndex('history', ['doc-b'], options)]);
    const index = (await openScopeIndex(store, 'm', 'history', 3))!;
    const keys = new Set<string>();
    for (let n = 0; n < index.manifest.lists.length; n += 1) for (const c of listChunks(await index.list(n))) keys.add(c.chunkKey);
    expect(keys.has('document#doc-a#000')).toBe(true);
    expect(keys.has('document#doc-b#000')).toBe(true);
    expect(index.manifest.count).toBe(2102);
  });
});
