import { describe, expect, it } from 'vitest';
import type { StoredChunk } from '../knowledge/data/knowledge.ts';
import { memoryIndexStore } from './index-store/index-store.ts';
import { RETIRED_GRACE_MS, writeScopeIndex } from './index-publish.ts';
import { addToScopeIndex } from './index-update.ts';
import { buildManifestKey, indexKeys, objectsOf, openScopeIndex, readLatest, readManifest } from './scope-index.ts';

const d = 4;
function chunk(i: number): StoredChunk {
  const vector = new Float32Array(d);
  vector[i % d] = 1;
  return { chunkKey: `document#doc-${String(i).padStart(5, '0')}#000`, subject: 'history', level: null, category: 'empires', text: `Passage ${i} on the empire of ${i % 7}.`, sourceKind: 'document', sourceId: `doc-${i}`, title: `Doc ${i}`, model: 'm', vector };
}
const scope = 'history';
const chunks = Array.from({ length: 2100 }, (_, i) => chunk(i));
const start = Date.UTC(2026, 0, 1);
const minutes = (n: number) => start + n * 60_000;

describe('old index versions', () => {
  it('stay while a search may still read them, then only what no kept version names is deleted', async () => {
    const store = memoryIndexStore();
    const v1 = await writeScopeIndex(store, { scope, model: 'm', version: 1, chunks, keyword: true }, minutes(0));
    const v2 = await addToScopeIndex(store, { base: v1, version: 2, chunks: [chunk(5000)] }, minutes(1));
    // Version 1 is superseded but inside its grace: all of it is still there.
    expect((await readLatest(store, 'm', scope))?.retired).toEqual([{ manifest: buildManifestKey(v1), at: minutes(1) }]);
    for (const key of objectsOf(v1)) expect(store.objects.has(key), key).toBe(true);

    const v3 = await writeScopeIndex(store, { scope, model: 'm', version: 3, chunks: [...chunks, chunk(5000)], keyword: true }, minutes(1) + RETIRED_GRACE_MS);
    // Version 1 expired: its own objects are gone; those version 2 kept from it (still in its grace) are not.
    const shared = objectsOf(v1).filter((key) => objectsOf(v2).includes(key));
    expect(shared.length).toBeGreaterThan(0);
    for (const key of objectsOf(v1)) expect(store.objects.has(key), key).toBe(shared.includes(key));
    const stillOpen = (await openScopeIndex(store, 'm', scope, 2))!;
    for (let n = 0; n < v2.lists.length; n += 1) expect((await stillOpen.list(n)).size).toBe(v2.lists[n]);

    await writeScopeIndex(store, { scope, model: 'm', version: 4, chunks: [...chunks, chunk(5000)], keyword: true }, minutes(2) + 2 * RETIRED_GRACE_MS);
    // Versions 1 and 2 are gone entirely; 3 (superseded just now) and 4 are whole.
    const v4 = (await openScopeIndex(store, 'm', scope, 4))!.manifest;
    expect(new Set(store.objects.keys())).toEqual(new Set([...objectsOf(v3), ...objectsOf(v4), 'knowledge-index/m/history/latest.json']));
    expect(await readLatest(store, 'm', scope)).toEqual({ version: 4, retired: [{ manifest: buildManifestKey(v3), at: minutes(2) + 2 * RETIRED_GRACE_MS }] });
  });

  it('a deletion cut short is finished by the next build: the expired build stays named, its manifest deleted last', async () => {
    const store = memoryIndexStore();
    const v1 = await writeScopeIndex(store, { scope, model: 'm', version: 1, chunks, keyword: true }, minutes(0));
    await writeScopeIndex(store, { scope, model: 'm', version: 2, chunks, keyword: true }, minutes(1));
    // S3 refuses the third delete of the next build's clean-up.
    const realDelete = store.delete;
    let deletes = 0;
    store.delete = async (key: string) => {
      deletes += 1;
      if (deletes === 3) throw new Error('SlowDown');
      await realDelete(key);
    };
    await writeScopeIndex(store, { scope, model: 'm', version: 3, chunks, keyword: true }, minutes(1) + RETIRED_GRACE_MS);
    expect((await readLatest(store, 'm', scope))?.retired.map((r) => r.manifest)).toContain(buildManifestKey(v1));
    expect(store.objects.has(buildManifestKey(v1))).toBe(true);

    store.delete = realDelete;
    await writeScopeIndex(store, { scope, model: 'm', version: 4, chunks, keyword: true }, minutes(2) + RETIRED_GRACE_MS);
    for (const key of objectsOf(v1)) expect(store.objects.has(key), key).toBe(false);
    expect((await readLatest(store, 'm', scope))?.retired.map((r) => r.manifest)).not.toContain(buildManifestKey(v1));
  });

  it('a slower build of an older version does not move latest back, and is deleted in its turn', async () => {
    const store = memoryIndexStore();
    await writeScopeIndex(store, { scope, model: 'm', version: 5, chunks, keyword: false }, minutes(0));
    const slow = await writeScopeIndex(store, { scope, model: 'm', version: 4, chunks, keyword: false }, minutes(1));
    expect((await readLatest(store, 'm', scope))?.version).toBe(5);
    await writeScopeIndex(store, { scope, model: 'm', version: 6, chunks, keyword: false }, minutes(2) + RETIRED_GRACE_MS);
    for (const key of objectsOf(slow)) expect(store.objects.has(key), key).toBe(false);
  });

  it('a build that replaces another of the same version (two updates at once) has the other deleted in its turn', async () => {
    const store = memoryIndexStore();
    const v1 = await writeScopeIndex(store, { scope, model: 'm', version: 1, chunks, keyword: true }, minutes(0));
    const first = await addToScopeIndex(store, { base: v1, version: 2, chunks: [chunk(6000)] }, minutes(1));
    const second = await addToScopeIndex(store, { base: v1, version: 2, chunks: [chunk(6000), chunk(6001)] }, minutes(2));
    expect((await readManifest(store, 'm', scope, 2))?.layoutKey).toBe(second.layoutKey);
    expect((await readLatest(store, 'm', scope))?.retired.map((r) => r.manifest)).toEqual([buildManifestKey(v1), buildManifestKey(first)]);
    await writeScopeIndex(store, { scope, model: 'm', version: 3, chunks, keyword: true }, minutes(3) + RETIRED_GRACE_MS);
    // The first build's own objects are gone; the version's manifest (now the second build's) is not, and nor is the second build (in its grace).
    for (const key of objectsOf(first).filter((k) => !objectsOf(second).includes(k))) expect(store.objects.has(key), key).toBe(false);
    for (const key of objectsOf(second)) expect(store.objects.has(key), key).toBe(true);
    expect(store.objects.has(indexKeys.manifest('m', scope, 2))).toBe(true);
  });
});
