import type { HealthResponse, HealthStatus } from './api/get-health.ts';
import type { HealthLoad } from './health-load.ts';

/** The system status banner (docs/quiz.md): shown only when the system is not healthy. */

export const CHECK_LABEL: Record<keyof HealthResponse['checks'], string> = {
  database: 'Database',
  authentication: 'Authentication',
  keys: 'Keys and configuration',
};

export const STATUS_LABEL: Record<HealthStatus, string> = { healthy: 'Healthy', warning: 'Warning', error: 'Error' };

export interface CheckRow {
  name: keyof HealthResponse['checks'];
  label: string;
  status: HealthStatus;
  message: string;
}

export type StatusBanner =
  | { visible: false }
  | { visible: true; tone: 'warning' | 'error'; title: string; checks: CheckRow[] | null; checkedAt: string | null };

const rows = (health: HealthResponse): CheckRow[] =>
  (Object.keys(CHECK_LABEL) as (keyof HealthResponse['checks'])[]).map((name) => ({
    name,
    label: CHECK_LABEL[name],
    status: health.checks[name].status,
    message: health.checks[name].message,
  }));

/**
 * Hidden while the first check runs and whenever the answer is healthy; a warning or
 * error shows its checks; no answer at all (the check itself failed) is a warning
 * without details. While a Refresh runs, the last answer stays on screen.
 */
export function statusBanner(load: HealthLoad<HealthResponse>): StatusBanner {
  if (load.status === 'failed') {
    return { visible: true, tone: 'warning', title: 'System status unavailable: we could not check the services just now.', checks: null, checkedAt: null };
  }
  const health = load.status === 'ready' ? load.data : load.previous;
  if (!health || health.status === 'healthy') return { visible: false };
  return {
    visible: true,
    tone: health.status,
    title: health.status === 'error' ? 'Some services are down. Parts of QuizQuest may not work.' : 'Some services are degraded. QuizQuest may be slower than usual.',
    checks: rows(health),
    checkedAt: health.checkedAt,
  };
}
