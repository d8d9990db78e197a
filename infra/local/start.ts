import { resolve } from 'node:path';
import { announceNodeVersion } from '../../scripts/node-version.ts';
import { buildWebIfStale } from './build-web.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import { DELIVERIES_AT_ONCE } from './event-bus.ts';
import { startLocalStack } from './stack.ts';

/** `npm start`: the product on this machine. Ctrl-C stops everything it started. */
announceNodeVersion();
const started = Date.now();
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.PORT ?? 3000);

const [stack] = await Promise.all([
  startLocalStack({ port, dataDir: resolve(root, process.env.QUIZQUEST_DATA_DIR ?? '.data'), root, consumerDeliveriesAtOnce: DELIVERIES_AT_ONCE }),
  buildWebIfStale(root),
]).catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
QuizQuest is running at ${stack.url}/  (ready in ${seconds} s)
Local mailbox:           ${stack.url}/_dev/mail
Scheduled jobs:          ${stack.scheduler.nextRuns().map((job) => `${job.name} next at ${job.at?.toISOString() ?? 'never'}`).join(', ') || 'none'}
Data is kept in .data/ between runs.

Demo accounts:
${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(26)} ${a.password}`).join('\n')}
Admins sign in with an authenticator code too. Add this key to an authenticator app (time-based):
${DEMO_ACCOUNTS.filter((a) => stack.authenticatorKeys[a.email]).map((a) => `  ${a.email.padEnd(35)} ${stack.authenticatorKeys[a.email]}`).join('\n')}

Press Ctrl-C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
