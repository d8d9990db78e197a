/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isPackImagePath, PACK_IMAGE_CACHE } from '../src/features/offline/offline-caches.ts';

/**
 * The service worker for offline quizzes (3-learning §2), built by vite-plugin-pwa
 * (injectManifest): Workbox precaches the built app shell, each file with its revision, and
 * drops the caches of earlier builds. Downloaded quizzes live in IndexedDB, kept by the page;
 * /api/ and /ws are never touched.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

void self.skipWaiting();
clientsClaim();

// Navigations go to the network first, so an online visitor always gets the newest
// index.html; with no connection, the precached shell answers every route of the app.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/ws/] },
  ),
);

// A downloaded quiz's images (flags), put in this cache by the page when it downloads the quiz.
registerRoute(({ url, sameOrigin }) => sameOrigin && isPackImagePath(url.pathname), new CacheFirst({ cacheName: PACK_IMAGE_CACHE }));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The hand-written worker before this one kept the shell in caches of its own.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('quizquest-shell-')).map((name) => caches.delete(name)))));
});
