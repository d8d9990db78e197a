import { describe, expect, it } from 'vitest';
import { planOf } from './account-plan.ts';

const now = new Date('2026-11-26T12:00:00Z');
const base = { role: 'student' as const, subscription_status: 'free' as const, metadata: {} };

describe('the plan an account is on (issue 23: trials were listed as Free)', () => {
  it.each([
    ['free, never tried', base, { kind: 'free', trialEnded: false }],
    ['free with a running trial', { ...base, metadata: { trial_active: true, trial_started: '2026-11-26T00:00:00Z', trial_ends: '2026-12-03T00:00:00Z' } }, { kind: 'trial', endsAt: '2026-12-03T00:00:00Z' }],
    ['free whose trial ended', { ...base, metadata: { trial_active: true, trial_ends: '2026-11-20T00:00:00Z' } }, { kind: 'free', trialEnded: true }],
    ['premium', { ...base, subscription_status: 'premium' as const }, { kind: 'premium' }],
    ['premium during a trial', { ...base, subscription_status: 'premium' as const, metadata: { trial_active: true, trial_ends: '2026-12-03T00:00:00Z' } }, { kind: 'premium' }],
    ['an admin', { ...base, role: 'admin' as const }, { kind: 'admin' }],
  ])('%s', (_name, profile, plan) => {
    expect(planOf(profile, now)).toEqual(plan);
  });
});
