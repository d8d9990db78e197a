import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of any file below `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** A lock older than this was left by a process that died mid-build. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Holds web/.dist-build.lock while `work` runs: two processes of one tree (`npm start` and the
 * e2e tests, say) would otherwise build web/dist at once, one emptying it under the other.
 */
export async function withBuildLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const lock = join(root, 'web', '.dist-build.lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    unlinkSync(lock);
  }
}

/** Builds the web app unless web/dist is newer than every source it is built from. */
export function buildWebIfStale(root: string): Promise<'built' | 'fresh'> {
  return withBuildLock(root, async () => {
    const index = join(root, 'web', 'dist', 'index.html');
    const sources = [join(root, 'web', 'src'), join(root, 'web', 'service-worker'), join(root, 'shared')];
    const inputs = Math.max(...sources.map(newest), statSync(join(root, 'web', 'index.html')).mtimeMs, statSync(join(root, 'web', 'vite.config.ts')).mtimeMs);
    if (existsSync(index) && statSync(index).mtimeMs > inputs) return 'fresh';

    await new Promise<void>((resolve, reject) => {
      const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      // NODE_ENV is forced: under vitest it is 'test', which would make React's development build.
      const child = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (exit ${code})`))));
    });
    return 'built';
  });
}
