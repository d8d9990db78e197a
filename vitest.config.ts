import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit tables beside the code, handler tests against
 * DynamoDB Local and cognito-local, CDK template assertions, end-to-end in Chromium.
 * The handler and e2e projects each start a local stack whose handlers read the
 * process's environment, so `npm test` runs e2e in a vitest process of its own.
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/setup/node-version.ts'],
    // Besides the usual report, each project's time: one run holds several projects.
    reporters: ['default', './tests/setup/project-times.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Plain functions and components: one worker keeps its modules from file to file instead
          // of a fresh process each (about four times faster; env and timer stubs are undone in afterEach).
          isolate: false,
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'events/**/*.test.ts', 'infra/local/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'handlers',
          include: ['tests/handlers/**/*.test.ts'],
          globalSetup: ['tests/setup/handler-stack.ts'],
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // aws-cdk-lib, esbuild and cdk-nag load once for every file instead of once a file, and so
          // do tests/infra/support's one unbundled app and each Lambda's bundle, which the files share.
          isolate: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-stack.ts'],
          fileParallelism: false,
          // Pages answer through the whole local stack; give polled assertions time on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
