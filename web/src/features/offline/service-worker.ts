/**
 * Registers the service worker that keeps the app shell for offline quizzes (built from
 * web/service-worker/sw.js by web/vite.config.ts). Production builds only: the dev server's
 * modules are not a shell. Registered when an account with offline_mode opens /offline, so
 * browsers that never use offline mode never get one.
 */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
