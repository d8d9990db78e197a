import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { allFlagImages } from '../functions/questions/flag-images.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * Flag image questions point at `/flags/<content hash>.svg`: write flag-icons' SVGs there,
 * cleaned of their country codes (functions/questions/flag-images.ts), so neither the URL
 * nor the file names the answer.
 */
function copyFlags(): Plugin {
  return {
    name: 'quizquest:copy-flags',
    apply: 'build',
    writeBundle(options) {
      const target = join(options.dir ?? join(webRoot, 'dist'), 'flags');
      mkdirSync(target, { recursive: true });
      for (const flag of allFlagImages()) writeFileSync(join(target, flag.fileName), flag.svg);
    },
  };
}

/**
 * The service worker (offline quizzes): web/service-worker/sw.ts, compiled by vite-plugin-pwa
 * with Workbox's precache list of the built shell injected, written to dist/sw.js. The page
 * registers it itself, in production builds only (features/offline/service-worker.ts). Flags
 * and the report's font stay out of the precache: flags are kept per downloaded quiz, and the
 * PDF is not made offline.
 */
const offlineShell = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: { globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css,svg}'], rollupFormat: 'es' },
});

/**
 * The browser app. `@/` is web/src; `#shared/...` comes from package.json `imports`,
 * which Vite resolves natively. Routes other than the landing page are lazy chunks.
 */
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), copyFlags(), offlineShell],
  resolve: {
    alias: [
      { find: /^@\//, replacement: srcDir },
      // jspdf's optional parts the progress report does not use (text only): see the stub.
      { find: /^(html2canvas|dompurify|canvg|fast-png)$/, replacement: join(srcDir, 'features/progress-reports/jspdf-unused.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps on the public site: the bundles are the only code a visitor gets.
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: one long-cached chunk of those the
        // entry loads. Libraries only lazy routes use (recharts) stay with those routes.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }] },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
