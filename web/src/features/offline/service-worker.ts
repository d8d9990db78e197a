import type { OfflinePack } from '#shared/offline/offline.ts';
import { isPackImagePath, PACK_IMAGE_CACHE } from './offline-caches.ts';

/**
 * Registers the service worker that keeps the app shell for offline quizzes (built from
 * web/service-worker/sw.ts by vite-plugin-pwa). Production builds only: the dev server's
 * modules are not a shell. Registered when an account with offline_mode opens /offline, so
 * browsers that never use offline mode never get one.
 */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

/**
 * Keeps a downloaded quiz's images for play with no connection: the service worker answers
 * them from this cache. Without Cache Storage, or if an image cannot be fetched, the quiz is
 * still kept and plays without its images.
 */
export async function keepPackImages(pack: OfflinePack): Promise<void> {
  if (!('caches' in globalThis)) return;
  const urls = [...new Set(pack.questions.flatMap((q) => (q.image_url && isPackImagePath(new URL(q.image_url, location.origin).pathname) ? [q.image_url] : [])))];
  if (urls.length === 0) return;
  await caches
    .open(PACK_IMAGE_CACHE)
    .then((cache) => cache.addAll(urls))
    .catch(() => undefined);
}
