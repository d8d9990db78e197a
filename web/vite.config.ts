import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The browser app. `@/` is web/src; `#shared/...` comes from package.json `imports`,
 * which Vite resolves natively. Routes other than the landing page are lazy chunks.
 */
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@\//, replacement: srcDir }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: one long-cached chunk.
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
