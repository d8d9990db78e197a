import type { Profile } from '#shared/api.ts';
import { hasFullAccess } from '#shared/entitlements.ts';

const ACCOUNT_TYPE: Record<Profile['role'], string> = { student: 'Student', parent: 'Parent', teacher: 'Teacher', admin: 'Admin' };

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export interface AccountOverview {
  accountType: string;
  subscription: string;
  memberSince: string;
  /** Premium, an active trial, or admin: everything is open. */
  fullAccess: boolean;
  subscriptionText: string;
  subscriptionAction: 'Manage' | 'Upgrade';
}

/** The read-only half of /profile (docs/social.md). */
export function accountOverview(profile: Profile, now: Date): AccountOverview {
  const fullAccess = hasFullAccess(profile, now);
  const { trial_active, trial_ends } = profile.metadata;
  const onTrial = profile.subscription_status !== 'premium' && Boolean(trial_active && trial_ends && Date.parse(trial_ends) > now.getTime());
  return {
    accountType: ACCOUNT_TYPE[profile.role],
    subscription: profile.subscription_status === 'premium' ? 'Premium' : onTrial && trial_ends ? `Premium trial (until ${longDate(trial_ends)})` : 'Free',
    memberSince: longDate(profile.created_at),
    fullAccess,
    subscriptionText: fullAccess ? 'You have access to all premium features' : 'Upgrade to unlock all features',
    subscriptionAction: fullAccess ? 'Manage' : 'Upgrade',
  };
}

/** Success messages clear after 3 seconds (docs/social.md). */
export const SUCCESS_VISIBLE_MS = 3_000;
