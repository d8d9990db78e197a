import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Measures `npm start` from an installed tree to "ready" (the URL printed): first as on
 * a fresh clone (no web build, empty data folder), then again with the data that run
 * left (a restart). Stops each run with SIGINT, as Ctrl-C does, and checks nothing it
 * started is left running.
 * Budget: under 30 s.
 */
const root = resolve(import.meta.dirname, '..');
const BUDGET_MS = 30_000;

async function timeStart(port: number, dataDir: string): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), QUIZQUEST_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<number>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('not ready within 120 s')), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('QuizQuest is running at')) {
        clearTimeout(timer);
        resolvePromise(Date.now() - started);
      }
    });
    child.on('exit', (code) => reject(new Error(`start exited early (${code})`)));
  });
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  for (const internal of [port + 10, port + 11, port + 12]) {
    if (await listening(internal)) throw new Error(`port ${internal} still answers after Ctrl-C: an orphan process`);
  }
  return ready;
}

function listening(port: number): Promise<boolean> {
  return new Promise((r) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), r(true)));
    socket.once('error', () => r(false));
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-bench-'));
// As on a fresh clone: no built web app and no data (web/dist is a build output, rebuilt by the run).
rmSync(join(root, 'web', 'dist'), { recursive: true, force: true });
try {
  const first = await timeStart(3400, dataDir);
  const restart = await timeStart(3400, dataDir);
  console.log(`npm start to ready: first run ${(first / 1000).toFixed(1)} s, restart ${(restart / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s)`);
  if (Math.max(first, restart) >= BUDGET_MS) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
