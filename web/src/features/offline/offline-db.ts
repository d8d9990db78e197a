import { enqueue, offlinePackSchema, type OfflinePack, type OutboxItem } from '#shared/offline/offline.ts';

/**
 * The browser's offline store (IndexedDB, not localStorage: packs are large and the outbox
 * must survive reloads): downloaded packs per account, results waiting to be sent, and the
 * account that last used offline mode on this device (the page opens with no connection,
 * before the session can be looked up).
 */
const DB_NAME = 'quizquest-offline';
const PACKS = 'packs';
const OUTBOX = 'outbox';
const DEVICE = 'device';

export interface StoredPack extends OfflinePack {
  /** `${userId}:${id}`: one record per account, subject and level (id subject_level; docs/quiz.md). */
  key: string;
  userId: string;
}

export interface StoredOutboxItem extends OutboxItem {
  userId: string;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(PACKS, { keyPath: 'key' }).createIndex('userId', 'userId');
      db.createObjectStore(OUTBOX, { keyPath: 'clientAttemptId' }).createIndex('userId', 'userId');
      db.createObjectStore(DEVICE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name);
}

export async function listPacks(userId: string): Promise<StoredPack[]> {
  const rows = await done((await store(PACKS, 'readonly')).index('userId').getAll(userId));
  return (rows as StoredPack[]).filter((row) => offlinePackSchema.safeParse(row).success).sort((a, b) => a.id.localeCompare(b.id));
}

/** Keeps a downloaded pack; a new download of the same subject and level replaces the old one. */
export async function savePack(userId: string, pack: OfflinePack): Promise<void> {
  await done((await store(PACKS, 'readwrite')).put({ ...pack, key: `${userId}:${pack.id}`, userId } satisfies StoredPack));
}

export async function deletePack(userId: string, id: string): Promise<void> {
  await done((await store(PACKS, 'readwrite')).delete(`${userId}:${id}`));
}

export async function listOutbox(userId: string): Promise<StoredOutboxItem[]> {
  const rows = (await done((await store(OUTBOX, 'readonly')).index('userId').getAll(userId))) as StoredOutboxItem[];
  return rows.sort((a, b) => a.completedAt - b.completedAt);
}

/** Queues a result once (see enqueue): the same client attempt id is kept a single time. */
export async function addToOutbox(userId: string, item: OutboxItem): Promise<void> {
  const queued = await listOutbox(userId);
  if (enqueue(queued, item).length === queued.length) return;
  await done((await store(OUTBOX, 'readwrite')).add({ ...item, userId } satisfies StoredOutboxItem));
}

export async function removeFromOutbox(clientAttemptId: string): Promise<void> {
  await done((await store(OUTBOX, 'readwrite')).delete(clientAttemptId));
}

export async function rememberDeviceUser(userId: string): Promise<void> {
  await done((await store(DEVICE, 'readwrite')).put(userId, 'lastUserId'));
}

export async function deviceUser(): Promise<string | null> {
  const value: unknown = await done((await store(DEVICE, 'readonly')).get('lastUserId'));
  return typeof value === 'string' ? value : null;
}
