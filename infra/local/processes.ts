import { spawn, type ChildProcess } from 'node:child_process';

/** Child processes the local stack started, stopped together by their own pids. */
const children = new Set<ChildProcess>();

export function startChild(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; name: string }): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: Ctrl-C in the terminal signals the whole foreground group, and the
    // database must outlive the event bus's last deliveries. The stack stops it itself.
    detached: true,
  });
  children.add(child);
  let recent = '';
  const keep = (chunk: Buffer) => (recent = (recent + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0) console.error(`[${options.name}] exited (${code ?? signal}). Last output:\n${recent}`);
  });
  return child;
}

let stopping = false;

// Detached children would outlive a crash of this process; take them down with it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function stopChildren(): Promise<void> {
  stopping = true;
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Polls `check` until it resolves true or the time is up. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
