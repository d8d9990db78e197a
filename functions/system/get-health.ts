import { describeUserPool } from '../auth/data/accounts.ts';
import { readGlobalStats } from './data/global-stats.ts';
import { requireCaller } from '../lib/caller.ts';
import { env } from '../lib/env.ts';
import { healthResponseSchema } from '#shared/system/api.ts';
import { httpHandler, respond } from '../lib/http.ts';

/**
 * GET /api/health: real probes of the database, the authentication service and the
 * configuration (docs/quiz.md). Overall healthy only if all three are.
 */
type Status = 'healthy' | 'warning' | 'error';
interface Check {
  status: Status;
  message: string;
  latencyMs: number;
}

const SLOW_MS = 1500;

export async function probe(run: () => Promise<unknown>, ok: string): Promise<Check> {
  const started = Date.now();
  try {
    await run();
    const latencyMs = Date.now() - started;
    return latencyMs > SLOW_MS ? { status: 'warning', message: `Slow response (${latencyMs} ms)`, latencyMs } : { status: 'healthy', message: ok, latencyMs };
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.name : 'Unreachable', latencyMs: Date.now() - started };
  }
}

export const handler = httpHandler(async (event) => {
  await requireCaller(event);
  const [database, authentication] = await Promise.all([
    probe(readGlobalStats, 'Database reachable'),
    probe(describeUserPool, 'Authentication service reachable'),
  ]);
  const missing = (['CHECKOUT_URL'] as const).filter((name) => !env()[name]);
  const keysCheck: Check = missing.length
    ? { status: 'warning', message: `Not configured: ${missing.join(', ')}`, latencyMs: 0 }
    : { status: 'healthy', message: 'Configuration complete', latencyMs: 0 };
  const checks = { database, authentication, keys: keysCheck };
  const statuses = Object.values(checks).map((c) => c.status);
  const status: Status = statuses.includes('error') ? 'error' : statuses.includes('warning') ? 'warning' : 'healthy';
  return respond(healthResponseSchema, { status, checks, checkedAt: new Date().toISOString() });
});
