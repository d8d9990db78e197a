import { describe, expect, it } from 'vitest';
import type { Profile } from '#shared/api.ts';
import { planPanel } from './plan-panel.ts';

const now = new Date('2026-11-22T12:00:00Z');
const profile = (overrides: Partial<Profile> = {}): Profile => ({
  user_id: 'u1',
  email: 'student@example.com',
  role: 'student',
  subscription_status: 'free',
  subscription_updated_at: null,
  created_at: '2026-01-01T00:00:00Z',
  metadata: {},
  ...overrides,
});

describe('plan panel (1-core §2, §6: upsell for free users, Premium Dashboard for full access)', () => {
  it.each<[string, Profile, ReturnType<typeof planPanel>]>([
    ['free student', profile(), { kind: 'upsell' }],
    ['expired trial', profile({ metadata: { trial_active: true, trial_ends: '2026-11-20T00:00:00Z' } }), { kind: 'upsell' }],
    ['running trial', profile({ metadata: { trial_active: true, trial_ends: '2026-11-29T12:00:00Z' } }), { kind: 'premium', trialEnds: '2026-11-29T12:00:00Z' }],
    ['premium', profile({ subscription_status: 'premium' }), { kind: 'premium', trialEnds: null }],
    ['premium with an old trial flag', profile({ subscription_status: 'premium', metadata: { trial_active: true, trial_ends: '2026-11-29T12:00:00Z' } }), { kind: 'premium', trialEnds: null }],
    ['admin', profile({ role: 'admin' }), { kind: 'premium', trialEnds: null }],
  ])('%s', (_, user, expected) => {
    expect(planPanel(user, now)).toEqual(expected);
  });
});
