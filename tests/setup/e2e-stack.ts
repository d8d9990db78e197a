import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../infra/local/build-web.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { e2eAdminAccounts } from '../support/e2e-admins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eMailDir: string;
  }
}

/** The whole product as `npm start` runs it, on its own port and a throw-away data folder. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'quizquest-e2e-'));
  process.env.LOG_LEVEL = 'silent';
  const [stack] = await Promise.all([
    startLocalStack({ port: Number(process.env.E2E_PORT ?? 3300), dataDir, inMemory: true, root, extraAccounts: e2eAdminAccounts() }),
    buildWebIfStale(root),
  ]);
  project.provide('baseUrl', stack.url);
  project.provide('e2eMailDir', join(dataDir, 'mail'));
  project.provide('authenticatorKeys', stack.authenticatorKeys);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
