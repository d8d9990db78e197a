import { describe, expect, it } from 'vitest';
import type { Profile } from '#shared/api.ts';
import { homeAfterSignIn } from './home-after-sign-in.ts';

const base: Profile = { user_id: 'u1', email: 'a@example.com', role: 'student', subscription_status: 'free', subscription_updated_at: null, created_at: '2025-01-01T00:00:00.000Z', metadata: {} };

describe('where a sign-in lands', () => {
  it.each([
    ['student', undefined, '/dashboard'],
    ['teacher', undefined, '/teacher-dashboard'],
    ['admin', undefined, '/security'],
    ['admin', false, '/security'],
    ['admin', true, '/admin-dashboard'],
  ] as const)('%s with two-step sign-in %s → %s', (role, mfa_enabled, path) => {
    expect(homeAfterSignIn({ ...base, role, ...(mfa_enabled === undefined ? {} : { mfa_enabled }) })).toBe(path);
  });
});
