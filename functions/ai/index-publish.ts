import type { KbScope } from '../knowledge/data/knowledge.ts';
import { log } from '../lib/log.ts';
import type { IndexStore } from './index-store/index-store.ts';
import { buildIndexObjects, indexKeys, objectsOf, readLatest, readManifest, type BuildInput, type BuiltIndex, type IndexManifest } from './scope-index.ts';

/**
 * How a built index version becomes the one searched, and how the versions it replaces leave the
 * bucket (docs/ai.md, "Search"): its objects are written, then its manifest, then `latest`.
 * `latest` remembers the versions it replaced; once one was replaced longer ago than
 * RETIRED_GRACE_MS (no search still reads it: a container opens the newest version on its next
 * search, and one mid-search or reading lists in the background is done within seconds), the
 * objects only it named are deleted. Objects an update kept from an older version stay while a
 * kept version names them.
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
  await putObjects(store, objects);
  await store.put(indexKeys.manifest(manifest.model, manifest.scope as KbScope, manifest.version), new TextEncoder().encode(JSON.stringify(manifest)));
  await publish(store, manifest, now);
  return manifest;
}

async function publish(store: IndexStore, manifest: IndexManifest, now: number): Promise<void> {
  const scope = manifest.scope as KbScope;
  const latest = await readLatest(store, manifest.model, scope);
  // A slower build of an older version does not move `latest` back.
  if (latest && latest.version > manifest.version) return;
  const retired = (latest?.retired ?? []).filter((r) => r.version !== manifest.version);
  if (latest && latest.version !== manifest.version) retired.push({ version: latest.version, at: now });
  const expired = retired.filter((r) => now - r.at >= RETIRED_GRACE_MS);
  const kept = retired.filter((r) => now - r.at < RETIRED_GRACE_MS);
  await store.put(indexKeys.latest(manifest.model, scope), new TextEncoder().encode(JSON.stringify({ version: manifest.version, retired: kept })));
  if (expired.length === 0) return;
  try {
    await deleteExpired(store, manifest, expired, kept);
  } catch (error) {
    // Left for the next build to delete: `latest` no longer names them, so nothing reads them.
    log.warn('knowledge index: old versions not deleted', { scope, error: error instanceof Error ? error.message : String(error) });
  }
}

async function deleteExpired(store: IndexStore, current: IndexManifest, expired: readonly { version: number }[], kept: readonly { version: number }[]): Promise<void> {
  const scope = current.scope as KbScope;
  const named = async (versions: readonly { version: number }[]) => (await Promise.all(versions.map((r) => readManifest(store, current.model, scope, r.version)))).filter((m) => m !== undefined);
  const inUse = new Set(objectsOf(current));
  for (const manifest of await named(kept)) for (const key of objectsOf(manifest)) inUse.add(key);
  const doomed = new Set<string>();
  for (const manifest of await named(expired)) for (const key of objectsOf(manifest)) if (!inUse.has(key)) doomed.add(key);
  // Every version's manifest goes too, also one another format left (its objects are not known).
  for (const r of expired) doomed.add(indexKeys.manifest(current.model, scope, r.version));
  let next = 0;
  const keys = [...doomed];
  const worker = async () => {
    while (next < keys.length) await store.delete(keys[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, keys.length) }, worker));
  log.info('knowledge index: old versions deleted', { scope, versions: expired.map((r) => r.version), objects: keys.length });
}
