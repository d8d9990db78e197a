import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from '#infra/constructs/bundling.ts';
import { scratchFolder } from './unbundled-platform.ts';

const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Runs `synth` with `npx --no-install esbuild …` answered by the repository's esbuild binary
 * itself. NodejsFunction bundles each Lambda with that command (package-lock.json makes npm the
 * package manager), run from the repository root, where npx finds node_modules/.bin/esbuild: the
 * same binary with the same arguments, so the same bundle. Only npm's own start goes, which costs
 * more CPU than most bundles (about 0.4 s a function, over a minute for the whole app on 2 cores).
 * Any other npx command is npx's.
 */
export function withDirectEsbuild<T>(synth: () => T): T {
  const dir = scratchFolder('direct-esbuild-');
  const originalPath = process.env.PATH ?? '';
  const npx = path.join(dir, 'npx');
  writeFileSync(
    npx,
    [
      '#!/bin/sh',
      `if [ "$1" = "--no-install" ] && [ "$2" = "esbuild" ]; then shift 2; exec ${shellQuoted(repoPath('node_modules/.bin/esbuild'))} "$@"; fi`,
      `PATH=${shellQuoted(originalPath)} exec npx "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(npx, 0o755);
  process.env.PATH = `${dir}${path.delimiter}${originalPath}`;
  try {
    return synth();
  } finally {
    process.env.PATH = originalPath;
  }
}
