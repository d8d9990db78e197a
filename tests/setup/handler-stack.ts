import { mkdtempSync, rmSync } from 'node:fs';
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
  project.provide('stackEnv', { ...stack.env, LOG_LEVEL: 'silent' });
  project.provide('mailDir', join(dataDir, 'mail'));
  project.provide('apiUrl', stack.url);
  project.provide('authenticatorKeys', stack.authenticatorKeys);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
