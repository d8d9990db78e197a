import type { KbScope } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { buildIndexObjects, buildManifestKey, indexKeys, objectsOf, readLatest, readManifest, readManifestAt, type BuildInput, type BuiltIndex, type IndexManifest, type RetiredBuild } from './scope-index.ts';

/**
 * How a built index version becomes the one searched, and how the builds it replaces leave the
 * bucket (docs/ai.md, "Search"): its objects are written, then its manifest, then `latest`.
 * `latest` remembers the builds replaced (the previous version's, another build of the same
 * version, or a slower build of an older one); once one was replaced longer ago than
 * RETIRED_GRACE_MS (no search still reads it: a container opens the newest version on its next
 * search, and one mid-search or reading lists in the background is done within seconds), the
 * objects only it named are deleted. Objects an update kept from an older build stay while the
 * newest or a kept build names them.
 */
export const RETIRED_GRACE_MS = 60 * 60 * 1000;

/** Objects written at once while a build is stored. */
const PUT_CONCURRENCY = 16;

export async function putObjects(store: IndexStore, objects: readonly [string, Uint8Array][]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < objects.length) {
      const [key, bytes] = objects[next++]!;
      await store.put(key, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, objects.length) }, worker));
}

/** Builds a scope's whole index (k-means) and stores it: its objects, its manifest, then `latest`. */
export async function writeScopeIndex(store: IndexStore, input: BuildInput, now = Date.now()): Promise<IndexManifest> {
  return storeBuild(store, buildIndexObjects(input), now);
}

/** Stores a build's objects, then its manifest, then points `latest` at it and clears what expired. */
export async function storeBuild(store: IndexStore, { manifest, objects }: BuiltIndex, now = Date.now()): Promise<IndexManifest> {
  const bytes = new TextEncoder().encode(JSON.stringify(manifest));
  await putObjects(store, [...objects, [buildManifestKey(manifest), bytes]]);
  const versionKey = indexKeys.manifest(manifest.model, manifest.scope as KbScope, manifest.version);
  // Another build of this version (two updates at once) is replaced: retired like an older version.
  const replaced = await readManifestAt(store, versionKey);
  await store.put(versionKey, bytes);
  await publish(store, manifest, replaced && replaced.layoutKey !== manifest.layoutKey ? replaced : undefined, now);
  return manifest;
}

async function publish(store: IndexStore, manifest: IndexManifest, replaced: IndexManifest | undefined, now: number): Promise<void> {
  const scope = manifest.scope as KbScope;
  const latest = await readLatest(store, manifest.model, scope);
  const retired = [...(latest?.retired ?? [])];
  const retire = (m: IndexManifest) => {
    if (!retired.some((r) => r.manifest === buildManifestKey(m))) retired.push({ manifest: buildManifestKey(m), at: now });
  };
  if (replaced) retire(replaced);
  if (latest && latest.version > manifest.version) {
    // A slower build of an older version does not move `latest` back; nothing will search it.
    retire(manifest);
  } else if (latest && latest.version !== manifest.version) {
    const previous = await readManifest(store, manifest.model, scope, latest.version);
    if (previous) retire(previous);
  }
  const expired = retired.filter((r) => now - r.at >= RETIRED_GRACE_MS);
  const kept = retired.filter((r) => now - r.at < RETIRED_GRACE_MS);
  const version = Math.max(latest?.version ?? manifest.version, manifest.version);
  const writeLatest = (builds: readonly RetiredBuild[]) => store.put(indexKeys.latest(manifest.model, scope), new TextEncoder().encode(JSON.stringify({ version, retired: builds })));
  // The expired builds stay named until their objects are deleted: a failed deletion is tried again by the next build.
  await writeLatest(retired);
  if (expired.length === 0) return;
  try {
    const newest = version === manifest.version ? manifest : await readManifest(store, manifest.model, scope, version);
    await deleteExpired(store, [manifest, ...(newest ? [newest] : [])], expired, kept);
    await writeLatest(kept);
  } catch (error) {
    log.warn('knowledge index: old versions not deleted', { scope, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Deletes the objects only expired builds name: not those of `current` (this build and the newest version's) or of a kept build. */
async function deleteExpired(store: IndexStore, current: readonly IndexManifest[], expired: readonly RetiredBuild[], kept: readonly RetiredBuild[]): Promise<void> {
  const manifests = async (builds: readonly RetiredBuild[]) => (await Promise.all(builds.map((r) => readManifestAt(store, r.manifest)))).filter((m) => m !== undefined);
  const inUse = new Set(current.flatMap(objectsOf));
  for (const manifest of await manifests(kept)) for (const key of objectsOf(manifest)) inUse.add(key);
  const doomed = new Set<string>();
  for (const manifest of await manifests(expired)) for (const key of objectsOf(manifest)) if (!inUse.has(key)) doomed.add(key);
  // The manifests last: a deletion cut short leaves each build findable, so the next one finishes it.
  const isManifest = (key: string) => key.endsWith('/manifest.json');
  const keys = [...doomed];
  const deleteAll = async (batch: readonly string[]) => {
    let next = 0;
    const worker = async () => {
      while (next < batch.length) await store.delete(batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, batch.length) }, worker));
  };
  await deleteAll(keys.filter((key) => !isManifest(key)));
  await deleteAll(keys.filter(isManifest));
  log.info('knowledge index: replaced builds deleted', { scope: current[0]?.scope, builds: expired.length, objects: keys.length });
}
