import { describe, expect, it } from 'vitest';
import type { Profile } from '#shared/api.ts';
import { accountOverview } from './profile-view.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const base: Profile = {
  user_id: 'u',
  email: 'me@example.com',
  role: 'student',
  subscription_status: 'free',
  subscription_updated_at: null,
  created_at: '2026-03-05T10:00:00.000Z',
  metadata: {},
};

describe('accountOverview (2-social §2 Profile)', () => {
  it('free: upgrade to unlock', () =>
    expect(accountOverview(base, NOW)).toMatchObject({
      accountType: 'Student',
      subscription: 'Free',
      memberSince: 'March 5, 2026',
      subscriptionText: 'Upgrade to unlock all features',
      subscriptionAction: 'Upgrade',
    }));

  it('premium: all features, Manage', () =>
    expect(accountOverview({ ...base, subscription_status: 'premium' }, NOW)).toMatchObject({
      subscription: 'Premium',
      subscriptionText: 'You have access to all premium features',
      subscriptionAction: 'Manage',
    }));

  it('an active trial counts as premium until it ends', () =>
    expect(accountOverview({ ...base, metadata: { trial_active: true, trial_ends: '2026-11-25T12:00:00.000Z' } }, NOW)).toMatchObject({
      subscription: 'Premium trial (until November 25, 2026)',
      subscriptionAction: 'Manage',
    }));

  it('an ended trial is free again', () =>
    expect(accountOverview({ ...base, metadata: { trial_active: true, trial_ends: '2026-11-20T12:00:00.000Z' } }, NOW)).toMatchObject({
      subscription: 'Free',
      subscriptionAction: 'Upgrade',
    }));
});
