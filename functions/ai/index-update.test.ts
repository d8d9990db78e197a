import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../knowledge/data/knowledge.ts';
import { buildPostings, searchPostings } from './bm25-postings.ts';
import { memoryIndexStore } from './index-store/index-store.ts';
import { writeScopeIndex } from './index-publish.ts';
import { addToScopeIndex, driftOf } from './index-update.ts';
import { latestVersion, listChunks, openScopeIndex, readDocuments } from './scope-index.ts';

const d = 8;
function chunk(id: string, part: number, axis: number, text: string): StoredChunk {
  const vector = new Float32Array(d);
  vector[axis % d] = 1;
  vector[(axis + 1) % d] = 0.25;
  const norm = Math.hypot(...vector);
  return { chunkKey: `document#${id}#${String(part).padStart(3, '0')}`, subject: 'geography', level: null, category: 'capitals', text, sourceKind: 'document', sourceId: id, title: `Doc ${id}`, model: 'test-model', vector: vector.map((x) => x / norm) };
}
const scope = 'geography';
const model = 'test-model';

describe('adding a document to a stored index', () => {
  const base = Array.from({ length: 2500 }, (_, i) => chunk(`doc-${String(i).padStart(5, '0')}`, 0, i, i % 500 === 0 ? `Lima is the capital of Peru (${i}).` : `Passage ${i} about rivers and mountains.`));
  const added = [chunk('new-doc', 0, 3, 'The Zambezi falls at Victoria, between Zambia and Zimbabwe.'), chunk('new-doc', 1, 3, 'Lusaka is the capital of Zambia.')];

  it('puts its chunks in their nearest lists, rewrites only those, and keeps the lists as clustered', async () => {
    const store = memoryIndexStore();
    const before = await writeScopeIndex(store, { scope, model, version: 1, chunks: base, keyword: true });
    const after = await addToScopeIndex(store, { base: before, version: 2, chunks: added });
    expect(await latestVersion(store, model, scope)).toBe(2);
    expect(after.count).toBe(2502);
    expect(after.clustered).toEqual({ version: 1, count: 2500 });
    expect(driftOf(after)).toBeCloseTo(2 / 2500);
    // The new chunks' list (both point the same way) is written again; every other list is the one of version 1.
    const changed = after.listKeys.filter((key, n) => key !== before.listKeys[n]);
    expect(changed).toHaveLength(1);
    expect(after.lists.reduce((a, b) => a + b, 0)).toBe(2502);
    expect(await readDocuments(store, after)).toContain('new-doc');

    const index = (await openScopeIndex(store, model, scope, 2))!;
    const n = after.listKeys.indexOf(changed[0]!);
    const list = await index.list(n);
    const rows = listChunks(list).map((c, row) => [c.chunkKey, list.ordinals[row]!] as const).filter(([key]) => key.startsWith('document#new-doc#'));
    expect(rows).toEqual([
      ['document#new-doc#000', 2500],
      ['document#new-doc#001', 2501],
    ]);
    expect(index.listOf[2500]).toBe(n);
    // BM25 as if built at once over all 2,502 chunks (the new ones numbered last).
    const exact = buildPostings([...base.sort((a, b) => (a.chunkKey < b.chunkKey ? -1 : 1)), ...added])!;
    for (const query of ['capital of Zambia', 'capital of Peru', 'Zambezi Victoria falls']) {
      expect(await searchPostings(query, 50, index.postings!)).toEqual(await searchPostings(query, 50, async (t) => exact.get(t)));
    }
  });

  it('adds nothing for a document the index holds already, and writes the version all the same', async () => {
    const store = memoryIndexStore();
    const first = await writeScopeIndex(store, { scope, model, version: 1, chunks: [...base, ...added], keyword: true });
    const again = await addToScopeIndex(store, { base: first, version: 2, chunks: added });
    expect(again.count).toBe(2502);
    expect(again.listKeys).toEqual(first.listKeys);
    expect((await openScopeIndex(store, model, scope, 2))?.manifest.count).toBe(2502);
  });

  it('refuses chunks of another model', async () => {
    const store = memoryIndexStore();
    const first = await writeScopeIndex(store, { scope, model, version: 1, chunks: base, keyword: true });
    await expect(addToScopeIndex(store, { base: first, version: 2, chunks: [{ ...added[0]!, model: 'other' }] })).rejects.toThrow(/another model/);
  });
});
