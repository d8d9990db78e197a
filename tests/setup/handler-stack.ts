import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stackEnv: Record<string, string>;
    mailDir: string;
    apiUrl: string;
    /** The seeded admins' authenticator keys (e-mail → key): admins sign in with a code. */
    authenticatorKeys: Record<string, string>;
    /** POST here answers once the local bus has delivered every event put so far (tests/support/handler-env.ts eventsDelivered). */
    busDrainUrl: string;
  }
}

/**
 * Starts DynamoDB Local (in memory), cognito-local and the AWS emulations once for the
 * handler tests. Tests share one table and pool and keep apart by unique e-mails.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-handlers-'));
  const port = Number(process.env.HANDLER_TEST_PORT ?? 3200);
  process.env.LOG_LEVEL = 'silent';
  const stack = await startLocalStack({ port, dataDir, inMemory: true, seed: true });
  // The consumers run in this process, out of the test files' reach: a test that must know
  // they are done (rather than sleep and hope) asks here, and the answer comes once they are.
  const drain = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    stack.bus.drain().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => drain.listen(0, '127.0.0.1', resolve));
  project.provide('stackEnv', { ...stack.env, LOG_LEVEL: 'silent' });
  project.provide('mailDir', join(dataDir, 'mail'));
  project.provide('apiUrl', stack.url);
  project.provide('authenticatorKeys', stack.authenticatorKeys);
  project.provide('busDrainUrl', `http://127.0.0.1:${(drain.address() as AddressInfo).port}/drain`);
  return async () => {
    await new Promise((resolve) => drain.close(resolve));
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
