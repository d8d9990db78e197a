import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../infra/local/seed.ts';
import { totpCode } from '../../infra/local/totp.ts';

/**
 * The local runtime as a developer runs it: what listens where, and what Ctrl-C does.
 */
const root = resolve(import.meta.dirname, '../..');

/** Local addresses of the TCP sockets listening on `port`, read from the kernel's tables. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`))
      .map((cols) => cols[1]!.split(':')[0]!),
  );
}

/** 127.0.0.1 (IPv4, little-endian), ::ffff:127.0.0.1 or ::1 as /proc/net writes them. */
const LOOPBACK = new Set(['0100007F', '0000000000000000FFFF00000100007F', '00000000000000000000000001000000']);

describe('local runtime', () => {
  it('every service of the stack listens on loopback only', () => {
    const env = inject('stackEnv');
    const ports = [
      Number(new URL(env.AWS_ENDPOINT_URL_DYNAMODB!).port),
      Number(new URL(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!).port),
      Number(new URL(env.AWS_ENDPOINT_URL_EVENTBRIDGE!).port),
      Number(new URL(inject('apiUrl')).port),
    ];
    for (const port of ports) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, `something listens on ${port}`).toBeGreaterThan(0);
      expect(addresses.filter((a) => !LOOPBACK.has(a)), `port ${port} listens beyond loopback`).toEqual([]);
    }
  });

  describe('Ctrl-C', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-ctrl-c-'));
    const port = Number(process.env.CTRL_C_TEST_PORT ?? 3260);
    const base = `http://localhost:${port}`;
    const started: ChildProcess[] = [];
    afterAll(async () => {
      // A failed test must not leave its stack running (SIGTERM: the stack stops what it started).
      for (const child of started) if (child.exitCode === null && child.signalCode === null) await stop(child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** `npm start` in a process group of its own, as a terminal runs it. */
    async function start(): Promise<{ child: ChildProcess; output: () => string }> {
      const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/start.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), QUIZQUEST_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      started.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect
        .poll(() => (child.exitCode === null ? output : `exited early: ${output}`), { timeout: 120_000, interval: 200 })
        .toMatch(/QuizQuest is running at|exited early/);
      expect(output).toContain('QuizQuest is running at');
      return { child, output: () => output };
    }

    async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      process.kill(-child.pid!, signal);
      return exited;
    }
    /** What a terminal's Ctrl-C does: SIGINT to every process of the foreground group. */
    const pressCtrlC = (child: ChildProcess) => stop(child, 'SIGINT');

    async function call<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
      const response = await fetch(`${base}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    }

    it('lets the event consumers finish before the database stops', { timeout: 240_000 }, async () => {
      const student = DEMO_ACCOUNTS.find((a) => a.role === 'student')!;
      const first = await start();
      const signIn = () => call<{ tokens: { accessToken: string } }>('/api/auth/sign-in', { body: student });
      const { tokens } = await signIn();
      const round = await call<{ roundId: string; questions: { id: string; options: string[] }[] }>('/api/quiz/rounds', {
        token: tokens.accessToken,
        body: { subject: 'geography', level: 'beginner' },
      });
      for (const [i, question] of round.questions.entries()) {
        // The last question cannot be skipped; any answer ends the round.
        const body = i === round.questions.length - 1 ? { questionId: question.id, answer: question.options[0] } : { questionId: question.id, skip: true };
        await call(`/api/quiz/rounds/${round.roundId}/answers`, { token: tokens.accessToken, body });
      }
      // QuizCompleted's consumers are now running; stop at once, as someone leaving for the day would.
      expect(await pressCtrlC(first.child), first.output()).toBe(0);
      expect(first.output()).not.toMatch(/FAILED|ECONNREFUSED/);

      const second = await start();
      try {
        const again = await signIn();
        const progress = await call<{ totals: { attempts: number; streak: number } }>('/api/progress', { token: again.tokens.accessToken });
        expect(progress.totals).toMatchObject({ attempts: 1, streak: 1 });
      } finally {
        expect(await pressCtrlC(second.child)).toBe(0);
      }
    });

    it('stops within seconds while a live match’s close step is queued, and the match is left where it was, not played out to nobody', { timeout: 300_000 }, async () => {
      const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
      // Admins sign in with their authenticator's code too; the seed keeps the demo admin's key in the data folder.
      const signIn = async () => {
        const { mfa } = await call<{ mfa: object }>('/api/auth/sign-in', { body: admin });
        const key = (JSON.parse(readFileSync(join(dataDir, 'authenticator-keys.json'), 'utf8')) as Record<string, string>)[admin.email]!;
        return (await call<{ tokens: { accessToken: string } }>('/api/auth/sign-in/mfa', { body: { ...mfa, code: totpCode(key) } })).tokens.accessToken;
      };
      type Match = { status: string; question: { number: number } | null; last_closed: { number: number } | null };
      const first = await start();
      const token = await signIn();
      const { tournament } = await call<{ tournament: { id: string } }>('/api/tournaments/quick-match', { token, body: { start_in_seconds: 10, window_seconds: 15, questions: 10 } });
      await call(`/api/tournaments/${tournament.id}/register`, { token, body: {} });
      const match = (bearer: string) => call<Match>(`/api/tournaments/${tournament.id}/match`, { token: bearer });
      // Question 1 opens; its close waits as a delayed message in the local queue, which the stop drops.
      await expect.poll(async () => (await match(token)).question?.number, { timeout: 60_000, interval: 500 }).toBe(1);

      const pressed = Date.now();
      expect(await pressCtrlC(first.child), first.output()).toBe(0);
      const stoppedInMs = Date.now() - pressed;
      expect(stoppedInMs, first.output()).toBeLessThan(3000);
      expect(first.output()).not.toMatch(/FAILED|ECONNREFUSED/);

      // Back up: the match is where the stop left it (question 1), not finished; the per-minute job resumes it.
      const second = await start();
      try {
        const state = await match(await signIn());
        expect(state.status, JSON.stringify(state)).not.toBe('finished');
        // Question 1 still open (or reopened by the job), none closed beyond it.
        expect(state.question?.number ?? 1, JSON.stringify(state)).toBe(1);
        expect(state.last_closed?.number ?? 0, JSON.stringify(state)).toBeLessThanOrEqual(1);
      } finally {
        expect(await pressCtrlC(second.child)).toBe(0);
      }
    });
  });
});
