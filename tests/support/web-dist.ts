import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for `npm run build:web`'s output, for synthesising the web stack in tests
 * without building the app (the stack refuses to synthesise without index.html): the files
 * whose caching differs, named as Vite, vite-plugin-pwa and web/vite.config.ts name them.
 */
export const WEB_DIST_FILES = {
  shell: ['index.html', 'sw.js', 'manifest.webmanifest', 'favicon.svg'],
  hashed: ['assets/index-3f9a1b2c.js', 'assets/vendor-8d7e6f5a.js', 'assets/index-0a1b2c3d.css', 'flags/0123456789abcdef.svg'],
} as const;

export function writeWebDist(dir: string): string {
  for (const file of [...WEB_DIST_FILES.shell, ...WEB_DIST_FILES.hashed]) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), file === 'index.html' ? '<!doctype html><title>test</title><script type="module" src="/assets/index-3f9a1b2c.js"></script>' : `/* ${file} */`);
  }
  return dir;
}
