import type { z } from 'zod';

/** The part of `Storage` the app uses, so tests and private-mode browsers can swap it. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A Map-backed store: the fallback when localStorage is unavailable, and the test double. */
export function memoryStorage(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

let browser: KeyValueStore | undefined;

/** localStorage when it works (it throws in some private modes or when full), memory otherwise. */
export function browserStorage(): KeyValueStore {
  if (browser) return browser;
  const fallback = memoryStorage();
  let local: Storage | undefined;
  try {
    local = globalThis.localStorage;
    const probe = '__quizquest_probe__';
    local.setItem(probe, probe);
    local.removeItem(probe);
  } catch {
    local = undefined;
  }
  browser = local
    ? {
        getItem: (key) => {
          try {
            return local.getItem(key);
          } catch {
            return fallback.getItem(key);
          }
        },
        setItem: (key, value) => {
          try {
            local.setItem(key, value);
          } catch {
            fallback.setItem(key, value);
          }
        },
        removeItem: (key) => {
          try {
            local.removeItem(key);
          } catch {
            fallback.removeItem(key);
          }
        },
      }
    : fallback;
  return browser;
}

/** Reads a JSON value and checks its shape; anything unreadable counts as absent. */
export function readJson<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>): T | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeJson(store: KeyValueStore, key: string, value: unknown): void {
  store.setItem(key, JSON.stringify(value));
}
