import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../knowledge/data/knowledge.ts';
import { searchPostings } from './bm25-postings.ts';
import { memoryIndexStore } from './index-store/index-store.ts';
import { writeScopeIndex } from './index-publish.ts';
import { indexKeys, latestVersion, listChunks, memoryScopeIndex, openScopeIndex } from './scope-index.ts';

const d = 8;
function chunk(i: number, text: string): StoredChunk {
  const vector = new Float32Array(d);
  vector[i % d] = 1;
  return { chunkKey: `document#doc-${String(i).padStart(5, '0')}#000`, subject: 'geography', level: null, category: 'capitals', text, sourceKind: 'document', sourceId: `doc-${i}`, title: `Doc ${i}`, model: 'test-model', vector };
}

describe('a scope index in its store', () => {
  it('opens what was written: manifest, lists with their chunks and vectors, postings; latest names the version', async () => {
    const store = memoryIndexStore();
    const chunks = Array.from({ length: 2500 }, (_, i) => chunk(i, i % 500 === 0 ? `Lima is the capital of Peru (${i}).` : `Passage ${i} about rivers and mountains.`));
    const manifest = await writeScopeIndex(store, { scope: 'geography', model: 'test-model', version: 7, chunks: [...chunks].reverse(), keyword: true });
    expect(manifest.count).toBe(2500);
    expect(manifest.lists.length).toBe(50);
    expect(manifest.lists.reduce((a, b) => a + b, 0)).toBe(2500);
    expect(manifest.shards).toBeGreaterThan(0);
    expect(await latestVersion(store, 'test-model', 'geography')).toBe(7);
    expect(store.objects.has(indexKeys.manifest('test-model', 'geography', 7))).toBe(true);

    store.reads = 0;
    const index = (await openScopeIndex(store, 'test-model', 'geography', 7))!;
    expect(store.reads).toBe(2);
    // Every chunk is in the list its layout names, at its ordinal in chunk-key order.
    const seen = new Map<number, string>();
    for (let n = 0; n < manifest.lists.length; n += 1) {
      const list = await index.list(n);
      list.ordinals.forEach((ordinal, row) => {
        expect(index.listOf[ordinal]).toBe(n);
        seen.set(ordinal, list.chunk(row).chunkKey);
        expect([...list.vectors.subarray(row * d, row * d + d)]).toEqual([...chunks[ordinal]!.vector]);
      });
    }
    expect(seen.size).toBe(2500);
    expect(seen.get(0)).toBe(chunks[0]!.chunkKey);
    const hits = await searchPostings('capital of Peru', 10, index.postings!);
    expect(hits.map(([ordinal]) => ordinal).sort((a, b) => a - b)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('is not found before it is built, and an index held in memory has one list', async () => {
    const store = memoryIndexStore();
    expect(await openScopeIndex(store, 'test-model', 'history', 1)).toBeUndefined();
    expect(await latestVersion(store, 'test-model', 'history')).toBeUndefined();
    const index = memoryScopeIndex({ scope: 'history', model: 'test-model', version: 1, chunks: [chunk(1, 'The Inca Empire'), chunk(2, 'The Armada'), chunk(3, 'Rome')], keyword: false });
    expect(index.manifest.lists).toEqual([3]);
    expect(index.postings).toBeUndefined();
    expect(listChunks(await index.list(0)).map((c) => c.text)).toEqual(['The Inca Empire', 'The Armada', 'Rome']);
  });
});
