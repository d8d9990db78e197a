/**
 * Where the knowledge index's objects live (docs/ai.md, "Search"): bytes by key. S3 in AWS and on
 * the local stack (its emulation), a map in unit tests.
 */
export interface IndexStore {
  /** The object's bytes, or undefined when there is no such key. */
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Removes the object (none: nothing happens). */
  delete(key: string): Promise<void>;
}

/** A store in memory (unit tests): counts its reads, so a test sees what a search loads. */
export function memoryIndexStore(): IndexStore & { readonly objects: Map<string, Uint8Array>; reads: number } {
  const objects = new Map<string, Uint8Array>();
  const store = {
    objects,
    reads: 0,
    get: async (key: string) => {
      store.reads += 1;
      return objects.get(key);
    },
    put: async (key: string, bytes: Uint8Array) => {
      objects.set(key, bytes.slice());
    },
    delete: async (key: string) => {
      objects.delete(key);
    },
  };
  return store;
}
