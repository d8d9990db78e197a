import type { Profile } from './api.ts';
import { hasFullAccess } from './entitlements.ts';

/**
 * The plan an account is on, as the entitlements decide it (docs/accounts.md): a stored
 * subscription_status of "free" with an unexpired trial is a trial, not Free. Screens that
 * name a plan (the admin's user list) read it from here rather than from the stored status.
 */
export type AccountPlan = { kind: 'admin' } | { kind: 'premium' } | { kind: 'trial'; endsAt: string } | { kind: 'free'; trialEnded: boolean };

type PlanFacts = Pick<Profile, 'role' | 'subscription_status' | 'metadata'>;

export function planOf(profile: PlanFacts, now: Date): AccountPlan {
  if (profile.role === 'admin') return { kind: 'admin' };
  if (profile.subscription_status === 'premium') return { kind: 'premium' };
  const { trial_ends } = profile.metadata;
  if (trial_ends && hasFullAccess(profile, now)) return { kind: 'trial', endsAt: trial_ends };
  return { kind: 'free', trialEnded: Boolean(trial_ends) };
}
