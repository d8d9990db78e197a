import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withBuildLock } from './build-web.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(): string {
  root = mkdtempSync(join(tmpdir(), 'build-lock-'));
  mkdirSync(join(root, 'web'));
  return root;
}

describe('withBuildLock', () => {
  it('lets one build run at a time in a tree, the second after the first', async () => {
    const dir = tree();
    const events: string[] = [];
    const build = (name: string) =>
      withBuildLock(dir, async () => {
        events.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push(`${name} ends`);
        return name;
      });
    expect(await Promise.all([build('a'), build('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  it('takes over a lock left by a process that died mid-build, and frees it after a failed build', async () => {
    const dir = tree();
    const lock = join(dir, 'web', '.dist-build.lock');
    writeFileSync(lock, '');
    const old = (Date.now() - 10 * 60_000) / 1000;
    utimesSync(lock, old, old);
    await expect(withBuildLock(dir, () => Promise.reject(new Error('vite failed')))).rejects.toThrow('vite failed');
    expect(await withBuildLock(dir, async () => 'built')).toBe('built');
  });
});
