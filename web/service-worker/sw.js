/* global self, caches */
/* QuizQuest service worker (offline quizzes, 3-learning §2). Built by web/vite.config.ts:
 * the two placeholders below are replaced with the built app shell (every
 * file of the bundle: index.html, the entry, its chunks and styles, lazy route chunks) and
 * a hash of it. Navigations go to the network first, with the cached shell as fallback;
 * /api/ is never cached (downloaded quizzes live in IndexedDB, kept by the page). */
const PRECACHE = self.__PRECACHE__;
const CACHE = `quizquest-shell-${self.__VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('quizquest-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws')) return;

  if (request.mode === 'navigate') {
    // Network first: a fresh index.html when online; the cached shell when not.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE }).then((shell) => shell ?? Response.error())));
    return;
  }
  // The shell's own files (hashed, immutable): cache first, then the network.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
});
