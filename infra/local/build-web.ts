import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds the web app unless web/dist is newer than every source it is built from. */
export async function buildWebIfStale(root: string): Promise<'built' | 'fresh'> {
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
}
