import { describe, expect, it } from 'vitest';
import type { HealthResponse, HealthStatus } from './api/get-health.ts';
import { statusBanner } from './status-banner.ts';

const health = (database: HealthStatus, authentication: HealthStatus = 'healthy', keys: HealthStatus = 'healthy'): HealthResponse => {
  const statuses = [database, authentication, keys];
  return {
    status: statuses.includes('error') ? 'error' : statuses.includes('warning') ? 'warning' : 'healthy',
    checks: {
      database: { status: database, message: `db ${database}`, latencyMs: 3 },
      authentication: { status: authentication, message: `auth ${authentication}`, latencyMs: 4 },
      keys: { status: keys, message: `keys ${keys}`, latencyMs: 0 },
    },
    checkedAt: '2026-11-22T10:00:00.000Z',
  };
};

describe('system status banner (1-core §2: shown only when not healthy)', () => {
  it.each<[string, Parameters<typeof statusBanner>[0], boolean]>([
    ['first check still running', { status: 'loading', previous: null }, false],
    ['all healthy', { status: 'ready', data: health('healthy') }, false],
    ['one warning', { status: 'ready', data: health('healthy', 'warning') }, true],
    ['one error', { status: 'ready', data: health('error') }, true],
    ['the check itself failed', { status: 'failed' }, true],
    ['refreshing after a warning', { status: 'loading', previous: health('warning') }, true],
    ['refreshing after healthy', { status: 'loading', previous: health('healthy') }, false],
  ])('%s → visible %s', (_, load, visible) => {
    expect(statusBanner(load).visible).toBe(visible);
  });

  it('takes its tone from the overall status and lists the three checks in order', () => {
    const banner = statusBanner({ status: 'ready', data: health('healthy', 'error', 'warning') });
    expect(banner).toMatchObject({ visible: true, tone: 'error' });
    if (!banner.visible) throw new Error('expected a banner');
    expect(banner.checks?.map((c) => [c.label, c.status, c.message])).toEqual([
      ['Database', 'healthy', 'db healthy'],
      ['Authentication', 'error', 'auth error'],
      ['Keys and configuration', 'warning', 'keys warning'],
    ]);
  });

  it('has no details to show when the check could not be made', () => {
    expect(statusBanner({ status: 'failed' })).toMatchObject({ visible: true, tone: 'warning', checks: null });
  });
});
