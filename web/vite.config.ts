import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
 * The service worker (offline quizzes): web/service-worker/sw.js with the built app shell
 * to precache (every file of the bundle) and a version hash of it, written to dist/sw.js.
 * The page registers it in production builds only (web/src/main.tsx).
 */
function serviceWorker(): Plugin {
  return {
    name: 'quizquest:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css|svg)$/.test(name))
        .map((name) => `/${name}`)
        .sort();
      // index.html is emitted by Vite after this hook; favicon.svg comes from public/.
      const shell = ['/index.html', '/favicon.svg', ...files.filter((f) => f !== '/favicon.svg')];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(join(webRoot, 'service-worker', 'sw.js'), 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(shell))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The browser app. `@/` is web/src; `#shared/...` comes from package.json `imports`,
 * which Vite resolves natively. Routes other than the landing page are lazy chunks.
 */
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), copyFlags(), serviceWorker()],
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
